import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv, parseTtlSeconds } from '../../server/config';

describe('parseEnv()', () => {
  it('should apply the defaults of the README environment table', () => {
    expect(parseEnv({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      jwtTtlSeconds: 7 * 86_400,
      seed: 'demo',
      webDir: path.resolve('dist/web'),
      organisasi: { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' },
      publicUrl: 'http://127.0.0.1:3000',
      hariKerja: [1, 2, 3, 4, 5, 6],
      trustProxy: false,
      jamTenang: { mulai: 21, selesai: 6 },
      pengingat: { jam: 7, hariSebelumSelesai: 7, hariMenunggu: 3 },
      workingSet: { mentorDays: 90, approverDays: 180 },
    });
  });

  it('should turn push on with a mailto: or https: VAPID_SUBJECT and read the quiet hours', () => {
    expect(parseEnv({ VAPID_SUBJECT: 'mailto:admin@contoh.id' }).vapidSubject).toBe('mailto:admin@contoh.id');
    expect(parseEnv({ VAPID_SUBJECT: 'https://magang.contoh.id' }).vapidSubject).toBe('https://magang.contoh.id');
    expect(parseEnv({ VAPID_SUBJECT: ' ' }).vapidSubject).toBeUndefined();
    expect(parseEnv({ PUSH_JAM_TENANG: '22-5' }).jamTenang).toEqual({ mulai: 22, selesai: 5 });
    expect(parseEnv({ PUSH_JAM_TENANG: 'mati' }).jamTenang).toBe('mati');
    expect(() => parseEnv({ VAPID_SUBJECT: 'admin@contoh.id' })).toThrow(/VAPID_SUBJECT harus alamat mailto:/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://magang.contoh.id' })).toThrow(ConfigError);
    expect(() => parseEnv({ PUSH_JAM_TENANG: '21' })).toThrow(/PUSH_JAM_TENANG harus dua jam/);
  });

  it('should read METRICS_TOKEN, and refuse one shorter than 16 characters', () => {
    expect(parseEnv({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(parseEnv({ METRICS_TOKEN: ' ' }).metricsToken).toBeUndefined();
    expect(() => parseEnv({ METRICS_TOKEN: 'pendek' })).toThrow(/METRICS_TOKEN minimal 16 karakter/);
  });

  it('should read the reminder settings, and refuse an hour outside 0-23 naming the variable', () => {
    expect(parseEnv({ PENGINGAT_JAM: '6', PENGINGAT_HARI_SEBELUM_SELESAI: '10', PENGINGAT_HARI_MENUNGGU: ' ' }).pengingat).toEqual({ jam: 6, hariSebelumSelesai: 10, hariMenunggu: 3 });
    expect(() => parseEnv({ PENGINGAT_JAM: '24' })).toThrow(/PENGINGAT_JAM harus 0-23/);
    expect(() => parseEnv({ PENGINGAT_HARI_MENUNGGU: 'tiga' })).toThrow(/PENGINGAT_HARI_MENUNGGU harus berupa angka/);
  });

  it('should read the working-set windows (defaults 90 and 180), and refuse a value outside 1-3650 naming the variable', () => {
    expect(parseEnv({}).workingSet).toEqual({ mentorDays: 90, approverDays: 180 });
    expect(parseEnv({ JENDELA_KERJA_MENTOR_HARI: '30', JENDELA_KERJA_HARI: ' 365 ' }).workingSet).toEqual({ mentorDays: 30, approverDays: 365 });
    expect(parseEnv({ JENDELA_KERJA_HARI: ' ' }).workingSet).toEqual({ mentorDays: 90, approverDays: 180 });
    expect(() => parseEnv({ JENDELA_KERJA_MENTOR_HARI: '0' })).toThrow(/JENDELA_KERJA_MENTOR_HARI harus 1-3650/);
    expect(() => parseEnv({ JENDELA_KERJA_HARI: '3651' })).toThrow(/JENDELA_KERJA_HARI harus 1-3650/);
    expect(() => parseEnv({ JENDELA_KERJA_HARI: '1.5' })).toThrow(/JENDELA_KERJA_HARI harus bilangan bulat/);
    expect(() => parseEnv({ JENDELA_KERJA_HARI: 'enam bulan' })).toThrow(/JENDELA_KERJA_HARI harus berupa angka/);
  });

  it('should read every variable', () => {
    const config = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://magang.contoh.co.id',
      DATA_DIR: '/srv/magang',
      DATABASE_URL: 'postgres://u@db:5432/magang',
      JWT_SECRET: 'a-secret-of-sixteen-chars',
      JWT_TTL: '12h',
      SEED: 'none',
      WEB_DIR: '/srv/web',
      ORGANISASI_NAMA: ' PT Contoh Jaya ',
      ORGANISASI_KOTA: 'Bandung',
    });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/magang', seed: 'none', jwtTtlSeconds: 43_200, webDir: '/srv/web' });
    expect(config.organisasi).toEqual({ nama: 'PT Contoh Jaya', kota: 'Bandung' });
  });

  it.each([
    [{}, [1, 2, 3, 4, 5, 6]],
    [{ HARI_KERJA: '1-5' }, [1, 2, 3, 4, 5]],
    [{ HARI_KERJA: ' ' }, [1, 2, 3, 4, 5, 6]],
  ])('should read HARI_KERJA from %j as the ISO weekdays %j', (env, days) => {
    expect(parseEnv(env).hariKerja).toEqual(days);
  });

  it.each([
    [{}, 'http://127.0.0.1:3000'],
    [{ HOST: 'localhost', PORT: '8080' }, 'http://localhost:8080'],
    [{ HOST: '127.0.1.1' }, 'http://127.0.1.1:3000'],
    [{ HOST: '::1' }, 'http://[::1]:3000'],
    [{ HOST: '0.0.0.0', PUBLIC_URL: 'https://magang.contoh.co.id' }, 'https://magang.contoh.co.id'],
    [{ PUBLIC_URL: 'https://magang.contoh.co.id/' }, 'https://magang.contoh.co.id'],
    [{ PUBLIC_URL: ' https://contoh.co.id/magang ' }, 'https://contoh.co.id/magang'],
  ])('should read PUBLIC_URL from %j as %s (no trailing slash)', (env, publicUrl) => {
    expect(parseEnv(env).publicUrl).toBe(publicUrl);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'magang.internal', '::ffff:10.0.0.5'])(
    'should refuse to start on HOST %s without PUBLIC_URL, in one line naming the variable',
    (host) => {
      const attempt = () => parseEnv({ HOST: host });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(`- PUBLIC_URL wajib diisi bila HOST bukan alamat loopback (HOST='${host}')`);
      expect(() => parseEnv({ HOST: host, PUBLIC_URL: ' ' })).toThrow(/PUBLIC_URL wajib diisi/);
      expect(parseEnv({ HOST: host, PUBLIC_URL: 'http://10.0.0.5:3000' }).publicUrl).toBe('http://10.0.0.5:3000');
    },
  );

  it.each(['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])('should keep the default PUBLIC_URL on the loopback HOST %s', (host) => {
    expect(() => parseEnv({ HOST: host })).not.toThrow();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT harus berupa angka'],
    [{ PORT: '70000' }, 'PORT harus 0-65535'],
    [{ SEED: 'all' }, "SEED harus 'demo' atau 'none'"],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL harus berupa angka'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL harus diawali postgres://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET minimal 16 karakter'],
    [{ PUBLIC_URL: 'magang.contoh.co.id' }, 'PUBLIC_URL harus alamat http:// atau https://'],
    [{ HARI_KERJA: 'Senin-Sabtu' }, 'HARI_KERJA harus nomor hari ISO'],
    [{ PUBLIC_URL: 'https://contoh.co.id/?a=1' }, 'PUBLIC_URL harus alamat http:// atau https://'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY harus true, false, atau alamat IP / CIDR proxy'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, "TRUST_PROXY harus true, false, atau alamat IP / CIDR proxy dipisah koma (diberikan: '10.0.0.0/33')"],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY harus'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY harus'],
    [{ TRUST_PROXY: 'proxy.local' }, 'TRUST_PROXY harus'],
    [{ TRUST_PROXY: '1' }, "TRUST_PROXY tidak boleh berupa jumlah hop (tidak aman): isi alamat IP / CIDR proxy, atau true (diberikan: '1')"],
  ])('should reject %j with a readable ConfigError', (env, text) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(text);
  });

  it.each([
    ['', false],
    ['true', true],
    [' TRUE ', true],
    ['false', false],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.168.1.10 ,::1', ['10.0.0.0/8', '192.168.1.10', '::1']],
    ['fd00::/8,loopback', ['fd00::/8', 'loopback']],
    ['10.0.0.0/255.0.0.0', ['10.0.0.0/255.0.0.0']],
  ] as const)('should read TRUST_PROXY %j as Fastify trustProxy %j', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('should never echo a secret in the error', () => {
    expect(() => parseEnv({ JWT_SECRET: 'tiny-secret' })).not.toThrow(/tiny-secret/);
  });

  it.each([
    ['7d', 604_800],
    ['15m', 900],
    ['3600', 3600],
    ['2w', 1_209_600],
  ])('should read JWT_TTL %s as %i seconds', (value, seconds) => {
    expect(parseTtlSeconds(value)).toBe(seconds);
  });
});

describe('loadConfig() JWT secret', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('should generate the secret once in DATA_DIR (mode 0600) and reuse it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'magang-config-'));
    const dataDir = path.join(dir, 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('should prefer JWT_SECRET and leave DATA_DIR alone', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'magang-config-'));
    const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), JWT_SECRET: 'env-secret-of-sixteen-chars' });
    expect(config.jwtSecret).toBe('env-secret-of-sixteen-chars');
    expect(() => statSync(path.join(dir as string, 'data', 'jwt-secret'))).toThrow();
  });
});
