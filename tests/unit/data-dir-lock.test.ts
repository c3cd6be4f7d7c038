import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, isProcessAlive, lockDataDir } from '../../server/db/data-dir-lock';

/** A real other process: `node -e` that waits until killed. */
function startOtherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('lockDataDir()', () => {
  let dataDir: string;
  let lockFile: string;
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'magang-lock-')), 'data');
    lockFile = path.join(dataDir, 'server.lock');
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('should create DATA_DIR and a lock file holding the pid; release should remove it', () => {
    const lock = lockDataDir(dataDir);
    expect(lock.file).toBe(lockFile);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release();
  });

  it('should refuse a second lock while the holder is alive, naming the folder and pid', async () => {
    const other = await startOtherProcess();
    try {
      const held = lockDataDir(dataDir, other.pid);
      let error: unknown;
      try {
        lockDataDir(dataDir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).pid).toBe(other.pid);
      expect((error as Error).message).toContain(path.resolve(dataDir));
      expect((error as Error).message).toContain(`pid ${other.pid}`);
      // Our release of a lock that is not ours must not delete it.
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(other.pid));
      held.release();
    } finally {
      await stop(other);
    }
  });

  it('should take over a stale lock left by a dead process', async () => {
    const other = await startOtherProcess();
    const deadPid = other.pid as number;
    await stop(other);
    expect(isProcessAlive(deadPid)).toBe(false);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(lockFile, `${deadPid}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('should take over a lock whose holder exited but was not reaped yet (zombie)', async () => {
    // `sleep 0` exits at once; its parent exec's into `sleep 5`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombiePid = await new Promise<number>((resolve) =>
        parent.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(lockFile, `${zombiePid}\n`);
      const lock = lockDataDir(dataDir);
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    } finally {
      await stop(parent);
    }
  });

  it('should take over an empty or garbled lock file', () => {
    mkdirSync(dataDir, { recursive: true });
    for (const content of ['', 'not a pid']) {
      writeFileSync(lockFile, content);
      const lock = lockDataDir(dataDir);
      expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('should not remove a lock another process took over after us', () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lockFile, '999999999\n');
    lock.release();
    expect(readFileSync(lockFile, 'utf8').trim()).toBe('999999999');
  });
});
