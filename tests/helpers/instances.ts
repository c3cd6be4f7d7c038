// Several real server processes on one fresh PostgreSQL database (TEST_DATABASE_URL), started
// together — for the suites that prove what instances share through the database. `sql` reads
// and writes that database past the servers; `close()` stops them, drops it and removes their
// data folders.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { type ServerProcess, startServerProcess } from './server-process';

export interface Instances {
  servers: ServerProcess[];
  sql: postgres.Sql;
  /** Each server's DATA_DIR (which, with DATABASE_URL, should hold nothing of the database's). */
  dataDirs: string[];
  close(): Promise<void>;
}

/** Creates the database `{prefix}_{random}` and starts `count` servers on it at once with `env`. */
export async function startInstances(prefix: string, env: Record<string, string>, count = 2): Promise<Instances> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await admin.unsafe(`create database "${name}"`);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const dataDirs: string[] = [];
  const start = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    dataDirs.push(dataDir);
    return startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED: 'demo', ...env });
  };
  // Started together on an empty database: migrations, seed and the generated secrets must not collide.
  const started = await Promise.allSettled(Array.from({ length: count }, start));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await sql.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { servers, sql, dataDirs, close };
}
