/**
 * What each family of replayable change does on the device, in one place (the family of a
 * kind is src/domain/outbox.ts's changeFamily): its optimistic effect once queued, how the
 * mirror is laid again when its outbox row changes (sent, refused, retried), the pre-send
 * re-check, and whose history (Riwayat) the server wrote when it applied it. The outbox
 * (outbox.ts) and the replay (replay.ts) ask this table instead of testing kinds; a new kind
 * of change adds its family here.
 */
import type { ApiClient } from '@/api/client';
import { fetchNilai } from '@/api/nilai';
import type { MagangDb } from '@/db/db';
import { readKnownHariKerja } from '@/db/meta';
import type { OutboxRecord } from '@/db/records';
import { jakartaDate } from '@/domain/dates';
import { type ChangeFamily, type OutboxKind, RECHECK_HARI_KERJA, changeFamily, changePesertaIds, presensiMarksOf, presensiRecheckBlock, recheckBlock } from '@/domain/outbox';
import type { PesertaState, ReviewStep } from '@/domain/peserta-state';
import { presensiPutAnswerSchema } from '@/domain/presensi';
import { reapplyQueued } from './peserta-state';
import { layQueuedReads } from './inbox-mirror';
import { changeMarkKeys, reapplyPresensi } from './presensi-mirror';
import type { RecheckReviews } from './recheck-reviews';

/** What the pre-send re-check of a replay run has at hand. */
export interface RecheckContext {
  api: ApiClient;
  db: MagangDb;
  reviews: RecheckReviews;
}

/** A never-sent change the rules now forbid: the text the user sees, and the states read for it. */
export interface RecheckRefusal {
  message: string;
  states: PesertaState[];
}

interface ChangeEffects {
  /** Lays the just-queued `entry`'s optimistic effect on the mirror (inside enqueue's transaction). */
  queued(db: MagangDb, entry: OutboxRecord): Promise<void>;
  /**
   * Lays the mirror again after `entry`'s row changed (sent with the server's answer `answer`,
   * refused, put back in the queue), inside the transition's transaction. The participants'
   * states an answer carries are reconciled by the transition itself, for every family.
   */
  settled(db: MagangDb, entry: OutboxRecord, answer?: unknown): Promise<void>;
  /** Why the never-sent `entry` may not be sent now, or null; `now` is the run's clock. */
  recheck(context: RecheckContext, entry: OutboxRecord, now: number): Promise<RecheckRefusal | null>;
  /** The participants whose history the server wrote when it applied `entry`. */
  historyOf(entry: OutboxRecord): number[];
}

/** A participant's scores or reviews: one participant, its history written by the server. */
const SCORE_CHANGE: ChangeEffects = {
  queued: (db, entry) => reapplyQueued(db, entry.pesertaId, { only: [entry] }),
  // Scores and reviews are the states the answer carries: nothing else to lay.
  settled: async () => {},
  async recheck({ api, reviews: recheck }, entry) {
    const reviews: ReviewStep[] | null = await recheck.get(entry.pesertaId);
    const message = reviews && recheckBlock(entry.kind, entry.role, reviews);
    if (!message) return null;
    // The scores are the one part of the state not at hand: one read, then reconciled with the refusal.
    const nilai = await fetchNilai(api, entry.pesertaId).catch(() => null);
    return { message, states: nilai && reviews ? [{ peserta_id: entry.pesertaId, reviews, nilai }] : [] };
  },
  historyOf: (entry) => [entry.pesertaId],
};

/** Attendance marks of a group: the marks laid over the server's; history only of HR's corrections. */
const ATTENDANCE_CHANGE: ChangeEffects = {
  queued: (db, entry) => reapplyPresensi(db, changeMarkKeys(entry.payload)),
  settled(db, entry, answer) {
    // A sent change's answer carries the stored marks: they become the mirror's base.
    const parsed = answer === undefined ? null : presensiPutAnswerSchema.safeParse(answer);
    return reapplyPresensi(db, changeMarkKeys(entry.payload), parsed?.success ? parsed.data.data : []);
  },
  async recheck({ db, reviews: recheck }, entry, now) {
    // Every participant's lock against its latest reviews (unknown to this user: the server
    // judges), every date against the participant's mirrored period (absent: the server judges).
    const ids = changePesertaIds(entry);
    // One after another: the first read fetches the participants ahead in one batch, the rest are then known.
    const reviews: (ReviewStep[] | null)[] = [];
    for (const id of ids) reviews.push(await recheck.get(id));
    const rows = await db.peserta.bulkGet(ids);
    const facts = new Map(ids.map((id, i) => [id, { reviews: reviews[i] ?? null, periode: rows[i] ?? null }]));
    const factsOf = (id: number) => facts.get(id) ?? { reviews: null, periode: null };
    // The server's working days once the device learned them; before, every weekday passes and the server judges.
    const hariKerja = (await readKnownHariKerja(db)) ?? RECHECK_HARI_KERJA;
    const message = presensiRecheckBlock(entry.role, presensiMarksOf(entry.payload), factsOf, jakartaDate(new Date(now)), hariKerja);
    // The states are not all at hand (scores): the next pull brings them.
    return message ? { message, states: [] } : null;
  },
  // The server writes HR's corrections into each participant's history, not a mentor's marking.
  historyOf: (entry) => (entry.role === 'HR' ? changePesertaIds(entry) : []),
};

/** The user's own inbox: the notifications marked read at once; never forbidden, no history. */
const INBOX_CHANGE: ChangeEffects = {
  queued: (db, entry) => layQueuedReads(db, [entry]),
  // The next inbox pull brings the server's state; a read change still queued stays laid.
  settled: async () => {},
  recheck: async () => null,
  historyOf: () => [],
};

const EFFECTS: Record<ChangeFamily, ChangeEffects> = { scores: SCORE_CHANGE, attendance: ATTENDANCE_CHANGE, inbox: INBOX_CHANGE };

/** What a change of `kind` does on the device. */
export function changeEffects(kind: OutboxKind): ChangeEffects {
  return EFFECTS[changeFamily(kind)];
}
