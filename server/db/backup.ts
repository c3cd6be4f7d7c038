/**
 * Backup and restore of the embedded database (`npm run backup`, `npm run restore FILE`;
 * scripts/backup.ts and scripts/restore.ts are the command lines).
 *
 * A backup is PGlite's own dump of DATA_DIR/pglite (`dumpDataDir('gzip')`, a .tar.gz of the
 * PostgreSQL data folder, taken after a CHECKPOINT). It is consistent because nothing else
 * writes meanwhile: both commands take the DATA_DIR lock (data-dir-lock.ts), so they refuse
 * while a server runs on that folder — stop it first. Signatures are rows of the database, so
 * they are in the dump; the generated JWT secret (DATA_DIR/jwt-secret) is not: a server on a
 * restored folder without it makes a new one, and everybody logs in again.
 *
 * A restore loads the dump into a staging folder beside DATA_DIR/pglite, checks that it opens
 * and holds Magang's tables, and only then moves it into place. An existing database is never
 * overwritten: without `force` the restore refuses; with it the old folder is kept, renamed
 * `pglite.before-restore-<time>`. A restored database from an older version is migrated by
 * the server's next start, as any other.
 *
 * PostgreSQL (DATABASE_URL) is backed up with pg_dump / pg_restore instead (docs/operations.md).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, pgliteDir } from './client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './data-dir-lock';

/** An operator mistake or a refusal: `message` says what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** `yyyymmdd-hhmmss` of `date` in local time (file names). */
function stamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** The default backup file name: `magang-backup-<yyyymmdd-hhmmss>.tar.gz`. */
export function defaultBackupName(now: Date = new Date()): string {
  return `magang-backup-${stamp(now)}.tar.gz`;
}

/** True when `dir` holds a PostgreSQL data folder. */
function hasDatabase(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

function lockForMaintenance(dataDir: string, command: string): DataDirLock {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `Server Magang sedang berjalan pada DATA_DIR ${error.dataDir} (pid ${error.pid}). ` +
        `Hentikan server dulu (Ctrl+C, atau kill ${error.pid}), lalu jalankan ${command} lagi.`,
    );
  }
}

/** Writes a backup of DATA_DIR's database to `file` (refuses to overwrite one). */
export async function backupDataDir(dataDir: string, file: string): Promise<{ file: string; bytes: number }> {
  const source = pgliteDir(dataDir);
  const target = path.resolve(file);
  if (!hasDatabase(source)) throw new BackupError(`Tidak ada database di ${source}: tidak ada yang dicadangkan.`);
  if (existsSync(target)) throw new BackupError(`File ${target} sudah ada: pilih nama lain.`);
  const lock = lockForMaintenance(dataDir, 'npm run backup');
  const partial = `${target}.partial`;
  try {
    const client = new PGlite(source, { extensions: PGLITE_EXTENSIONS });
    let dump: Blob;
    try {
      await client.waitReady;
      // Everything committed goes into the data files, so a restore needs no WAL replay.
      await client.exec('CHECKPOINT');
      dump = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const bytes = new Uint8Array(await dump.arrayBuffer());
    mkdirSync(path.dirname(target), { recursive: true });
    // Never a half-written file under the final name.
    writeFileSync(partial, bytes, { flag: 'w' });
    renameSync(partial, target);
    return { file: target, bytes: bytes.length };
  } finally {
    rmSync(partial, { force: true });
    lock.release();
  }
}

/** The names of the entries of a tar archive (ustar headers, 512-byte blocks). */
function tarEntryNames(tar: Uint8Array): string[] {
  const text = (from: number, length: number) => {
    const bytes = tar.subarray(from, from + length);
    const end = bytes.indexOf(0);
    return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
  };
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (name === '') break; // the end-of-archive blocks
    if (text(at + 257, 5) !== 'ustar') return [];
    const prefix = text(at + 345, 155);
    names.push(prefix ? `${prefix}/${name}` : name);
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) return [];
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/**
 * The tar inside a backup file (gzip or plain, as PGlite dumps it), checked to be a PostgreSQL
 * data folder; throws BackupError for anything else, before PGlite sees it.
 */
function readBackupTar(bytes: Uint8Array, file: string): Uint8Array {
  const unreadable = () => new BackupError(`File ${file} bukan cadangan database Magang yang dapat dibaca.`);
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = gunzipSync(bytes);
    } catch {
      throw unreadable();
    }
  }
  if (!tarEntryNames(tar).some((name) => /(^|\/)PG_VERSION$/.test(name))) throw unreadable();
  return tar;
}

/** Opens the staged folder and checks it is a Magang database; throws BackupError if not. */
async function checkRestored(client: PGlite, file: string): Promise<void> {
  try {
    await client.query('select count(*) from users');
  } catch {
    throw new BackupError(`File ${file} bukan cadangan database Magang (tabel users tidak ada).`);
  }
}

/**
 * Restores the backup `file` into DATA_DIR's database folder. Refuses when a database is
 * there, unless `force` (then the old folder is kept, renamed; its path is answered).
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ replaced: string | null }> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`File cadangan ${source} tidak ditemukan.`);
  const target = pgliteDir(dataDir);
  const lock = lockForMaintenance(dataDir, 'npm run restore');
  const staging = `${target}.restoring-${process.pid}`;
  try {
    const occupied = existsSync(target) && (hasDatabase(target) || readdirSync(target).length > 0);
    if (occupied && !options.force) {
      throw new BackupError(
        `DATA_DIR ${path.resolve(dataDir)} sudah berisi database. Pakai --force untuk menggantinya ` +
          '(database lama disimpan di sampingnya), atau pilih DATA_DIR yang kosong.',
      );
    }
    const tar = readBackupTar(readFileSync(source), source);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(path.dirname(staging), { recursive: true });
    let client: PGlite;
    try {
      client = new PGlite(staging, { loadDataDir: new Blob([new Uint8Array(tar)]), extensions: PGLITE_EXTENSIONS });
      await client.waitReady;
    } catch {
      throw new BackupError(`File ${source} bukan cadangan database Magang yang dapat dibaca.`);
    }
    try {
      await checkRestored(client, source);
    } finally {
      await client.close();
    }
    let replaced: string | null = null;
    if (existsSync(target)) {
      replaced = `${target}.before-restore-${stamp(options.now ?? new Date())}`;
      renameSync(target, replaced);
    }
    renameSync(staging, target);
    return { replaced };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
