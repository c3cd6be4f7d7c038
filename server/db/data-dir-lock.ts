/**
 * One process per DATA_DIR. PGlite does not lock its folder, and two processes on one
 * folder corrupt it, so the server takes DATA_DIR/server.lock (holding its pid)
 * before opening the database.
 *
 * - A lock held by a live process: refuse with DataDirLockedError (names the folder and pid).
 * - A lock left by a dead process (crash, kill -9): take it over.
 * - release() removes the file only while it still holds our pid; it also runs on process
 *   exit. Signal handling (SIGINT/SIGTERM) belongs to server/main.ts, which closes the app
 *   and the database first and then releases.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.lock';
const TAKE_OVER_ATTEMPTS = 3;

/** Thrown when another live process holds the DATA_DIR. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} sedang dipakai oleh proses lain (pid ${pid}). ` +
        'Hentikan proses itu, atau jalankan dengan DATA_DIR lain. ' +
        `(Jika tidak ada server Magang yang berjalan, hapus ${path.join(dataDir, LOCK_FILE)}.)`,
    );
  }
}

/** A held lock. */
export interface DataDirLock {
  /** The lock file's path. */
  file: string;
  /** Removes the lock file if it is still ours (idempotent). */
  release(): void;
}

/** True on Linux when the process has exited but was not reaped yet (state Z). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

/** True when a process with this pid runs (EPERM: it runs but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed server whose parent has not reaped it yet still answers signal 0.
  return !isZombie(pid);
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Takes the lock of `dataDir` for `pid` (default: this process); creates the folder.
 * Throws DataDirLockedError when another live process holds it.
 */
export function lockDataDir(dataDir: string, pid: number = process.pid): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);

  for (let attempt = 0; attempt < TAKE_OVER_ATTEMPTS; attempt += 1) {
    try {
      // 'wx': only one process can create the file, so two starts cannot both win.
      writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      return holdLock(file, pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder === pid) return holdLock(file, pid);
    if (holder !== null && isProcessAlive(holder)) throw new DataDirLockedError(dir, holder);
    // Stale (dead holder, or an empty/garbled file): remove it and try to create ours again.
    rmSync(file, { force: true });
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dir, holder ?? 0);
}

function holdLock(file: string, pid: number): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Someone may have taken over a lock they believed stale: never delete theirs.
    if (readHolder(file) === pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}
