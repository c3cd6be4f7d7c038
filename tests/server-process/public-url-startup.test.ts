// PUBLIC_URL at start-up (server/config.ts, server/loopback-certificates.ts): a server bound to
// an address others reach refuses to start without PUBLIC_URL, in one line naming it; valid
// certificates whose frozen QR link opens a loopback address are listed by a warning that says
// how to re-issue them, and once they are re-issued under a real PUBLIC_URL the warning is gone.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-process';
import { ROOT, api, cleanUp, demoDataDir, login, tempDir } from './server-process';

afterAll(cleanUp);

const WARNING = /Peringatan: (\d+) sertifikat berlaku memuat tautan verifikasi ke alamat loopback/;

/** Runs server/main.ts with `env` until it exits; answers its exit code and output. */
async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _url, PUBLIC_URL: _public, ...rest } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('server process: PUBLIC_URL at start-up', () => {
  it('should refuse HOST=0.0.0.0 without PUBLIC_URL with one line naming it, and exit 1', { timeout: 120_000 }, async () => {
    const dir = await demoDataDir('public-url-refused');
    const { code, output } = await runUntilExit({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: '0', SEED: 'demo' });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines.filter((line) => line.includes('PUBLIC_URL'))).toEqual([
      expect.stringContaining("- PUBLIC_URL wajib diisi bila HOST bukan alamat loopback (HOST='0.0.0.0')"),
    ]);
    expect(output).not.toContain('    at ');
  });

  it('should list the certificates issued with a loopback link, say how to re-issue them, and be quiet once they are', { timeout: 240_000 }, async () => {
    // A trial on one machine, from an empty folder: the demo's certificates are issued at start
    // with http://127.0.0.1:{port}.
    const dir = tempDir('public-url-warning');
    const trial = await startServerProcess({ DATA_DIR: dir, SEED: 'demo' });
    const issued = Number(WARNING.exec(trial.output())?.[1] ?? 0);
    await trial.stop();
    expect(issued).toBeGreaterThan(0);
    expect(trial.output()).toContain('Setel PUBLIC_URL');

    const env = { DATA_DIR: dir, SEED: 'demo', PUBLIC_URL: 'https://magang.contoh.co.id' };
    const real = await startServerProcess(env);
    try {
      const output = real.output();
      expect(Number(WARNING.exec(output)?.[1])).toBe(issued);
      expect(output).toContain("Terbitkan ulang sertifikat ini agar kode QR-nya membuka https://magang.contoh.co.id: HR membuka Sertifikat → pilih peserta → 'Terbitkan ulang'");
      const ids = [...output.matchAll(/\(peserta (\d+)\) · http:\/\/127\.0\.0\.1:\d+\/verifikasi\//g)].map((match) => Number(match[1]));
      expect(ids).toHaveLength(issued);
      const token = await login(real.url, 'hr');
      for (const id of ids) expect((await api(real.url, 'POST', `/api/sertifikat/terbitkan-ulang/${id}`, token)).status).toBe(200);
    } finally {
      await real.stop();
    }
    const fixed = await startServerProcess(env);
    await fixed.stop();
    expect(fixed.output()).not.toMatch(WARNING);
  });
});
