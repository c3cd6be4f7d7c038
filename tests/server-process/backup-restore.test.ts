// `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts) on real
// DATA_DIRs: data made through the API of a running server is all there after a backup is
// restored into a fresh DATA_DIR; the commands refuse while a server runs, an existing
// database without --force, a file that is no backup, wrong arguments and DATABASE_URL.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, backupDataDir, restoreDataDir } from '../../server/db/backup';
import { makePng } from '../helpers/png';
import { api, cleanUp, demoDataDir, login, runScript, startServer, stopServer, tempDir } from './server-process';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Made {
  pesertaId: number;
  pembimbingId: number;
  scores: Record<number, number>;
  signature: Buffer;
}

/** A participant with scores, two approvals and the Pembimbing's signature, all through the API. */
async function makeData(url: string): Promise<Made> {
  const pembimbing = await login(url, 'pembimbing');
  const hr = await login(url, 'hr');
  const me = await api(url, 'GET', '/api/auth/profile', pembimbing);
  const sekolah = (await api(url, 'GET', '/api/instansi?jenis=Sekolah', hr)).body.data[0];
  const divisi = (await api(url, 'GET', '/api/divisi', hr)).body.data[0];
  const mentor = (await api(url, 'GET', '/api/users/role/Mentor', hr)).body.data[0];
  const created = await api(url, 'POST', '/api/peserta', pembimbing, {
    jenjang: 'SMK',
    nama: 'Rani Cadangan',
    instansi_id: sekolah.id,
    nis: '0011223344',
    jurusan: 'Akuntansi',
    nama_pembimbing: 'Ibu Sari',
    kontak_pembimbing: '6281234567890',
    tanggal_masuk: '2026-02-02',
    tanggal_selesai: '2026-05-29',
    divisi_id: divisi.id,
    mentor_id: mentor.id,
    pembimbing_id: me.body.data.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pesertaId = created.body.data.id as number;

  const kompetensi = (await api(url, 'GET', `/api/nilai/divisi/${divisi.id}/kompetensi?jenjang=SMK`, hr)).body.data as { id: number }[];
  expect(kompetensi.length).toBeGreaterThan(0);
  const scores = Object.fromEntries(kompetensi.map((k, index) => [k.id, 70 + index]));
  const nilaiData = kompetensi.map((k) => ({ peserta_id: pesertaId, kompetensi_id: k.id, skor: scores[k.id] }));
  expect((await api(url, 'POST', '/api/nilai/bulk', pembimbing, { nilai_data: nilaiData })).status).toBe(200);
  expect((await api(url, 'POST', `/api/review/approve/${pesertaId}`, pembimbing, { catatan: 'Rapi dan tepat waktu' })).status).toBe(200);
  expect((await api(url, 'POST', `/api/review/approve/${pesertaId}`, hr, {})).status).toBe(200);

  const signature = makePng(40, 20, 3);
  const form = new FormData();
  form.append('signature', new Blob([new Uint8Array(signature)], { type: 'image/png' }), 'ttd.png');
  const upload = await fetch(`${url}/api/users/signature`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pembimbing}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  return { pesertaId, pembimbingId: me.body.data.id as number, scores, signature };
}

/** Reads everything `made` wrote through the API of the server at `url`. */
async function expectData(url: string, made: Made): Promise<void> {
  const hr = await login(url, 'hr');
  const pembimbing = await login(url, 'pembimbing');
  const peserta = await api(url, 'GET', `/api/peserta/${made.pesertaId}`, hr);
  expect(peserta.status).toBe(200);
  expect(peserta.body.data).toMatchObject({ nama: 'Rani Cadangan', jenjang: 'SMK', siswa: { nis: '0011223344', jurusan: 'Akuntansi' } });

  const nilai = await api(url, 'GET', `/api/nilai/peserta/${made.pesertaId}`, hr);
  const stored = Object.fromEntries((nilai.body.data.nilai as { kompetensi_id: number; skor: number }[]).map((n) => [n.kompetensi_id, n.skor]));
  expect(stored).toEqual(made.scores);

  const reviews = await api(url, 'GET', `/api/review/peserta/${made.pesertaId}`, hr);
  expect(reviews.body.data.reviews).toEqual([
    { role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: 'Rapi dan tepat waktu' },
    expect.objectContaining({ role_reviewer: 'HR', status: 'Disetujui' }),
    expect.objectContaining({ role_reviewer: 'BusHead', status: 'Menunggu' }),
  ]);

  const png = await fetch(`${url}/api/users/signature/${made.pembimbingId}`, { headers: { authorization: `Bearer ${pembimbing}` } });
  expect(png.status).toBe(200);
  expect(sha(new Uint8Array(await png.arrayBuffer()))).toBe(sha(made.signature));
}

afterAll(cleanUp);

describe('npm run backup / npm run restore', () => {
  it('should restore every participant, score, review and signature into a fresh DATA_DIR', { timeout: 240_000 }, async () => {
    const source = await demoDataDir('backup-source');
    const server = await startServer(source);
    const made = await makeData(server.url);

    // A running server holds DATA_DIR: the backup refuses and says to stop it.
    const out = tempDir('backup-out');
    const whileRunning = await runScript('backup', [], source, out);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain('Hentikan server dulu');
    expect(readdirSync(out)).toEqual([]);
    expect(await stopServer(server)).toBe(0);

    // Default name in the current folder, then a given path.
    const byDefault = await runScript('backup', [], source, out);
    expect(byDefault.code, byDefault.output).toBe(0);
    expect(readdirSync(out)).toEqual([expect.stringMatching(/^magang-backup-\d{8}-\d{6}\.tar\.gz$/)]);
    const file = path.join(out, 'cadangan.tar.gz');
    expect((await runScript('backup', [file], source)).code).toBe(0);
    await expect(backupDataDir(source, file)).rejects.toThrow(/sudah ada/);

    const target = tempDir('restore-target');
    const restored = await runScript('restore', [file], target);
    expect(restored.code, restored.output).toBe(0);
    const restoredServer = await startServer(target);
    try {
      await expectData(restoredServer.url, made);
      // While it runs, a restore into its DATA_DIR is refused even with force.
      await expect(restoreDataDir(target, file, { force: true })).rejects.toThrow(/Hentikan server dulu/);
    } finally {
      expect(await stopServer(restoredServer)).toBe(0);
    }

    // An existing database is kept unless --force; with it the old one is set aside.
    const refused = await runScript('restore', [file], target);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('sudah berisi database');
    const forced = await runScript('restore', [file, '--force'], target);
    expect(forced.code, forced.output).toBe(0);
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);
    expect(existsSync(path.join(target, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('should refuse a file that is no backup, and leave the DATA_DIR empty', { timeout: 90_000 }, async () => {
    const dir = tempDir('restore-bad');
    const junk = path.join(dir, 'bukan-cadangan.tar.gz');
    writeFileSync(junk, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]));
    const target = tempDir('restore-bad-target');
    for (const file of [path.join(dir, 'tidak-ada.tar.gz'), path.join(process.cwd(), 'package.json')]) {
      await expect(restoreDataDir(target, file)).rejects.toThrow(BackupError);
    }
    // The command line says why in one line, without a stack trace, and exits 1.
    const result = await runScript('restore', [junk], target);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('bukan cadangan database Magang');
    expect(result.output).not.toContain('    at ');
    expect(readdirSync(target)).toEqual([]);
  });

  it('should answer wrong arguments and DATABASE_URL with one line and exit 1, touching nothing', { timeout: 90_000 }, async () => {
    const target = tempDir('arguments');
    const refusals: ['backup' | 'restore', string[], Record<string, string>, string][] = [
      ['backup', ['satu.tar.gz', 'dua.tar.gz'], {}, 'Pemakaian: npm run backup'],
      ['backup', ['--force'], {}, 'Pemakaian: npm run backup'],
      ['restore', [], {}, 'Pemakaian: npm run restore'],
      ['restore', ['cadangan.tar.gz', '--paksa'], {}, 'Pemakaian: npm run restore'],
      ['backup', [], { DATABASE_URL: 'postgres://127.0.0.1:1/magang' }, 'Cadangkan dengan pg_dump'],
      ['restore', ['cadangan.tar.gz'], { DATABASE_URL: 'postgres://127.0.0.1:1/magang' }, 'Pulihkan dengan pg_restore'],
    ];
    for (const [name, args, extraEnv, says] of refusals) {
      const result = await runScript(name, args, target, undefined, extraEnv);
      expect(result.code, `${name} ${args.join(' ')}: ${result.output}`).toBe(1);
      expect(result.output).toContain(says);
      expect(result.output).not.toContain('    at ');
    }
    const help = await runScript('restore', ['--help'], target);
    expect(help.code).toBe(0);
    expect(help.output).toContain('Pemakaian: npm run restore -- FILE [--force]');
    expect(readdirSync(target)).toEqual([]);
  });
});
