/**
 * The `meta` table: the mirrored session (so the service worker can replay with the token and
 * the installed app can reopen offline), the cached profile, the pull cursors (with the working
 * set's batas and the participants kept outside it for queued changes). This module
 * owns those keys; nothing else writes them. It never reads sessionStorage: the page's session
 * code copies the session here.
 */
import { DEFAULT_HARI_KERJA, type Weekday } from '@/domain/presensi';
import { type Organisasi, organisasiSchema } from '@/domain/sertifikat';
import { MIRROR_TABLES, type MagangDb, type MirrorTable } from './db';
import { profileSchema, type ProfileRecord, type SessionRecord } from './records';
import { isSessionRecord, SESSION_META_KEY } from './session-read';

const SESSION_KEY = SESSION_META_KEY;
const PROFILE_KEY = 'profile';
const ORGANISASI_KEY = 'organisasi';
const HARI_KERJA_KEY = 'hari-kerja';
const CURSOR_PREFIX = 'cursor:';
const PULLED_PREFIX = 'pulled:';

/** The mirrored session, or null when nobody is logged in (or the entry is malformed). */
export async function getSession(db: MagangDb): Promise<SessionRecord | null> {
  const row = await db.meta.get(SESSION_KEY);
  return row && isSessionRecord(row.value) ? row.value : null;
}

/** Stores the session (replacing any previous one). */
export async function saveSession(db: MagangDb, session: SessionRecord): Promise<void> {
  const value: SessionRecord = {
    token: session.token,
    userRole: session.userRole,
    username: session.username,
  };
  await putMetaIfChanged(db, SESSION_KEY, value);
}

/**
 * Puts `value` under `key` unless the row holds it already: every start stores the session and
 * the profile again, and a write, even of the same value, makes each live query of `meta` read
 * again (a start-up's main thread: docs/performance.md).
 */
async function putMetaIfChanged(db: MagangDb, key: string, value: unknown): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(key);
    if (row !== undefined && JSON.stringify(row.value) === JSON.stringify(value)) return;
    await db.meta.put({ key, value });
  });
}

/** Removes the session and the cached profile; mirror, outbox and cursors stay. */
export async function clearSession(db: MagangDb): Promise<void> {
  await db.meta.bulkDelete([SESSION_KEY, PROFILE_KEY]);
}

/** The profile cached by the last successful profile load, or null. */
export async function getCachedProfile(db: MagangDb): Promise<ProfileRecord | null> {
  const row = await db.meta.get(PROFILE_KEY);
  const parsed = profileSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Caches the profile for offline starts, and the server's working days of attendance when the
 * profile carries them (GET /api/auth/profile does; an answer without them keeps the last ones).
 */
export async function saveProfile(db: MagangDb, profile: ProfileRecord & { hari_kerja?: readonly number[] }): Promise<void> {
  const { hari_kerja, ...user } = profile;
  await putMetaIfChanged(db, PROFILE_KEY, profileSchema.parse(user));
  if (hari_kerja !== undefined) await saveHariKerja(db, hari_kerja);
}

/** Stores the server's working days of attendance (ISO weekdays) as a profile load answered them. */
export async function saveHariKerja(db: MagangDb, hariKerja: readonly number[]): Promise<void> {
  await putMetaIfChanged(db, HARI_KERJA_KEY, [...hariKerja]);
}

const isWeekday = (day: unknown): day is Weekday => typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 7;

/**
 * The server's working days of attendance (its HARI_KERJA) as the last profile load brought
 * them, or null before any did. Kept across logout: a setting of the server, not the user's data.
 */
export async function readKnownHariKerja(db: MagangDb): Promise<Weekday[] | null> {
  const row = await db.meta.get(HARI_KERJA_KEY);
  const value: unknown = row?.value;
  return Array.isArray(value) && value.length > 0 && value.every(isWeekday) ? [...value] : null;
}

/** The working days a screen shows: the server's (readKnownHariKerja), DEFAULT_HARI_KERJA before it is known. */
export async function readHariKerja(db: MagangDb): Promise<Weekday[]> {
  return (await readKnownHariKerja(db)) ?? [...DEFAULT_HARI_KERJA];
}

/** The organisation printed on documents, as the last certificate pull returned it, or null. */
export async function getOrganisasi(db: MagangDb): Promise<Organisasi | null> {
  const row = await db.meta.get(ORGANISASI_KEY);
  const parsed = organisasiSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** Stores the organisation of the last certificate pull. */
export async function saveOrganisasi(db: MagangDb, organisasi: Organisasi): Promise<void> {
  await db.meta.put({ key: ORGANISASI_KEY, value: organisasiSchema.parse(organisasi) });
}

/** The pull cursor of a mirror table (the highest server `updated_at` seen), or null. */
export async function getCursor(db: MagangDb, table: MirrorTable): Promise<string | null> {
  const row = await db.meta.get(CURSOR_PREFIX + table);
  return typeof row?.value === 'string' ? row.value : null;
}

/** Stores the pull cursor of a mirror table. */
export async function setCursor(db: MagangDb, table: MirrorTable, cursor: string): Promise<void> {
  await db.meta.put({ key: CURSOR_PREFIX + table, value: cursor });
}

/**
 * The participants a table's cursor covers: those in the mirror when the pull that stored the
 * cursor ran (null: not recorded). Kept with the cursors and cleared with them.
 */
export async function getCursorScope(db: MagangDb, table: MirrorTable): Promise<number[] | null> {
  const row = await db.meta.get(`${CURSOR_PREFIX}${table}:peserta`);
  return Array.isArray(row?.value) && row.value.every((id) => typeof id === 'number') ? (row.value as number[]) : null;
}

/** Stores the participants a table's cursor covers (see getCursorScope). */
export async function setCursorScope(db: MagangDb, table: MirrorTable, ids: readonly number[]): Promise<void> {
  await db.meta.put({ key: `${CURSOR_PREFIX}${table}:peserta`, value: [...ids] });
}

/** meta key of the working set's `batas` the last participant pull answered (kept with the cursors, cleared with them). */
const PESERTA_BATAS_KEY = `${CURSOR_PREFIX}peserta:batas`;
/** meta key of the participants the mirror keeps outside the working set (kept with the cursors, cleared with them). */
const PESERTA_RETAINED_KEY = `${CURSOR_PREFIX}peserta:retained`;

/**
 * The working set's first end date ('yyyy-mm-dd') the last participant pull answered, sent back
 * with the next `since` pull; null before any pull answered one (a mirror filled before the
 * working set held every participant, and pulls in full once).
 */
export async function getPesertaBatas(db: MagangDb): Promise<string | null> {
  const row = await db.meta.get(PESERTA_BATAS_KEY);
  return typeof row?.value === 'string' ? row.value : null;
}

/** Stores the working set's `batas` of the last participant pull. */
export async function setPesertaBatas(db: MagangDb, batas: string): Promise<void> {
  await putMetaIfChanged(db, PESERTA_BATAS_KEY, batas);
}

/**
 * The participants the mirror keeps although the server said they left the working set (or a
 * full pull no longer brought them), because a queued change of the mirror's owner still refers
 * to them; ascending. Empty when none.
 */
export async function getRetainedPeserta(db: MagangDb): Promise<number[]> {
  const row = await db.meta.get(PESERTA_RETAINED_KEY);
  return Array.isArray(row?.value) && row.value.every((id) => typeof id === 'number') ? (row.value as number[]) : [];
}

/** Stores the retained participants (see getRetainedPeserta); writes nothing when unchanged, removes the key when none. */
export async function setRetainedPeserta(db: MagangDb, ids: Iterable<number>): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) {
    await db.transaction('rw', db.meta, async () => {
      if ((await db.meta.get(PESERTA_RETAINED_KEY)) !== undefined) await db.meta.delete(PESERTA_RETAINED_KEY);
    });
    return;
  }
  await putMetaIfChanged(db, PESERTA_RETAINED_KEY, sorted);
}

/** Whether a full pull of `table` ever answered since the mirror was last cleared. */
export async function wasPulled(db: MagangDb, table: MirrorTable): Promise<boolean> {
  return (await db.meta.get(PULLED_PREFIX + table)) !== undefined;
}

/**
 * Records that a full pull of `table` answered, so an empty table reads as "the server has
 * none" rather than "never pulled". Written once: a later pull finds it and writes nothing.
 */
export async function markPulled(db: MagangDb, table: MirrorTable): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if ((await db.meta.get(PULLED_PREFIX + table)) === undefined) await db.meta.put({ key: PULLED_PREFIX + table, value: true });
  });
}

/** meta key holding the id of the user whose data the mirror tables hold (absent: nobody's). */
export const MIRROR_OWNER_KEY = 'mirror:owner';

/** The id of the user whose data the mirror holds, or null (empty mirror, or an older install). */
export async function getMirrorOwner(db: MagangDb): Promise<number | null> {
  const row = await db.meta.get(MIRROR_OWNER_KEY);
  return typeof row?.value === 'number' ? row.value : null;
}

/** Empties every mirror table, the pull cursors and marks and the organisation (the caller's transaction). */
/** The tables a transaction that clears the mirror writes: meta and every mirror table. */
function mirrorScope(db: MagangDb) {
  return [db.meta, ...MIRROR_TABLES.map((name) => db.table(name))];
}

async function clearMirror(db: MagangDb): Promise<void> {
  await db.meta.delete(ORGANISASI_KEY);
  await db.meta.where('key').startsWith(CURSOR_PREFIX).delete();
  await db.meta.where('key').startsWith(PULLED_PREFIX).delete();
  await Promise.all(MIRROR_TABLES.map((name) => db.table(name).clear()));
}

/**
 * Makes the mirror `userId`'s: when it holds another user's data (or nobody's known), every
 * mirror table, cursor and the organisation is cleared first, so a user never sees what the
 * previous user of the device pulled or queued. The outbox stays: each entry carries its user
 * and is shown and replayed only for that user. One transaction; true when it cleared.
 */
export async function claimMirror(db: MagangDb, userId: number): Promise<boolean> {
  return db.transaction('rw', mirrorScope(db), async () => {
    if ((await getMirrorOwner(db)) === userId) return false;
    await clearMirror(db);
    await db.meta.put({ key: MIRROR_OWNER_KEY, value: userId });
    return true;
  });
}

/**
 * Frees the device's storage: empties every mirror table, cursor and pull mark and the
 * organisation, in one transaction, so the next pulls refill everything from the server. The
 * outbox, the session, the cached profile and the mirror's owner stay: nothing queued is lost,
 * and queued changes are laid over the refilled mirror as before.
 */
export async function freeMirror(db: MagangDb): Promise<void> {
  await db.transaction('rw', mirrorScope(db), () => clearMirror(db));
}

/**
 * Logout: removes the session, the cached profile, the organisation, every pull cursor and
 * every mirror table (certificate rows and the images they print included), in one transaction.
 * The outbox stays, every user's: unsent changes are replayed when their user logs in again
 * (never for anyone else; the logout dialog says so).
 */
export async function clearUserData(db: MagangDb): Promise<void> {
  await db.transaction('rw', mirrorScope(db), async () => {
    await clearSession(db);
    await clearMirror(db);
    await db.meta.delete(MIRROR_OWNER_KEY);
  });
}
