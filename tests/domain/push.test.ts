// Web Push rules (src/domain/push.ts): the quiet hours, the retry backoff, the payload and the
// morning digest, the push service's answers, the subscription body and who can receive push.
import { describe, expect, it } from 'vitest';
import {
  PUSH_MAX_ATTEMPTS,
  jamTenangEnd,
  morningPayload,
  parseJamTenang,
  pushBackoffMs,
  pushOutcome,
  pushPayload,
  pushSubscriptionSchema,
  pushSupport,
} from '@/domain/push';

/** An instant given as Jakarta wall time (UTC+7). */
const jakarta = (iso: string) => new Date(`${iso}+07:00`);

describe('parseJamTenang', () => {
  it.each([
    [undefined, { mulai: 21, selesai: 6 }],
    ['21-6', { mulai: 21, selesai: 6 }],
    [' 22 - 5 ', { mulai: 22, selesai: 5 }],
    ['1-4', { mulai: 1, selesai: 4 }],
    ['mati', 'mati'],
    ['6-6', null],
    ['24-6', null],
    ['21', null],
    ['malam', null],
  ])('should read %j as %j', (value, expected) => {
    expect(parseJamTenang(value)).toEqual(expected);
  });
});

describe('jamTenangEnd (21-6 Jakarta)', () => {
  const jam = { mulai: 21, selesai: 6 };
  it.each([
    ['2026-11-26T20:59:59', null],
    ['2026-11-26T21:00:00', '2026-11-27T06:00:00'],
    ['2026-11-26T23:30:00', '2026-11-27T06:00:00'],
    ['2026-11-27T00:10:00', '2026-11-27T06:00:00'],
    ['2026-11-27T05:59:59', '2026-11-27T06:00:00'],
    ['2026-11-27T06:00:00', null],
    ['2026-11-27T12:00:00', null],
  ])('should hold a push made at %s until %s', (at, until) => {
    expect(jamTenangEnd(jakarta(at), jam)).toEqual(until === null ? null : jakarta(until));
  });

  it('should hold nothing with quiet hours off, and keep hours that do not wrap midnight', () => {
    expect(jamTenangEnd(jakarta('2026-11-26T23:00:00'), 'mati')).toBeNull();
    expect(jamTenangEnd(jakarta('2026-11-26T02:00:00'), { mulai: 1, selesai: 4 })).toEqual(jakarta('2026-11-26T04:00:00'));
    expect(jamTenangEnd(jakarta('2026-11-26T04:00:00'), { mulai: 1, selesai: 4 })).toBeNull();
  });
});

describe('pushBackoffMs', () => {
  it('should wait 30 s after the first failure, doubling to at most an hour, and give up after the last attempt', () => {
    expect(pushBackoffMs(1)).toBe(30_000);
    expect(pushBackoffMs(2)).toBe(60_000);
    expect(pushBackoffMs(3)).toBe(120_000);
    expect(pushBackoffMs(PUSH_MAX_ATTEMPTS - 1)).toBeLessThanOrEqual(3_600_000);
    expect(pushBackoffMs(PUSH_MAX_ATTEMPTS)).toBeNull();
  });
});

describe('pushOutcome', () => {
  it.each([
    [201, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [429, 'retry'],
    [503, 'retry'],
    [null, 'retry'],
    [400, 'drop'],
    [413, 'drop'],
  ] as const)('should treat %j as %s', (status, outcome) => {
    expect(pushOutcome(status)).toBe(outcome);
  });
});

describe('pushPayload and morningPayload', () => {
  it('should carry the inbox text, the link and a tag per notification', () => {
    expect(pushPayload('menunggu_persetujuan', {}, 3, '/approval?status=perlu_tindakan')).toEqual({
      judul: 'Menunggu persetujuan',
      isi: '3 peserta menunggu persetujuan Anda',
      tautan: '/approval?status=perlu_tindakan',
      tag: 'notifikasi-menunggu_persetujuan-/approval?status=perlu_tindakan',
    });
    expect(pushPayload('ditolak', { nama: 'Budi', step: 'HR', catatan: 'Kurang' }, 1, '/penilaian?peserta=4')).toMatchObject({
      judul: 'Peserta ditolak',
      isi: 'Budi ditolak oleh HR: Kurang. Nilai terkunci; hanya HR yang dapat membatalkan penolakan.',
    });
  });

  it('should send one notification held overnight as its latest self, several as one count opening the inbox', () => {
    const a1 = pushPayload('menunggu_persetujuan', {}, 1, '/approval');
    const a2 = pushPayload('menunggu_persetujuan', {}, 2, '/approval');
    const b = pushPayload('ditolak', { nama: 'Sari', step: 'HR' }, 1, '/approval');
    expect(morningPayload([])).toBeNull();
    expect(morningPayload([a1, a2])).toEqual(a2);
    expect(morningPayload([a1, a2, b])).toEqual({ judul: 'Notifikasi semalam', isi: '2 notifikasi baru menunggu Anda', tautan: '/notifikasi', tag: 'notifikasi-pagi' });
  });
});

describe('pushSubscriptionSchema', () => {
  const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) };
  it('should take a PushSubscription JSON with an https endpoint', () => {
    expect(pushSubscriptionSchema.safeParse({ endpoint: 'https://push.example/abc', expirationTime: null, keys }).success).toBe(true);
  });
  it.each([
    { endpoint: 'http://push.example/abc', keys },
    { endpoint: 'javascript:alert(1)', keys },
    { endpoint: 'https://push.example/abc' },
    { endpoint: 'https://push.example/abc', keys: { ...keys, auth: 'x' } },
    { endpoint: 'https://push.example/abc', keys: { ...keys, p256dh: 'not base64!'.repeat(9) } },
    { endpoint: `https://push.example/${'a'.repeat(3000)}`, keys },
  ])('should refuse %j', (body) => {
    expect(pushSubscriptionSchema.safeParse(body).success).toBe(false);
  });
});

describe('pushSupport', () => {
  const base = { maxTouchPoints: 0, standalone: false, hasPushManager: true, hasNotification: true };
  it('should ask an iPhone in the browser to install the app, and accept it installed', () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
    expect(pushSupport({ ...base, userAgent: ua, hasPushManager: false })).toBe('ios-browser');
    expect(pushSupport({ ...base, userAgent: ua, standalone: true })).toBe('ok');
    expect(pushSupport({ ...base, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15)', maxTouchPoints: 5 })).toBe('ios-browser');
  });
  it('should accept Chromium and refuse a browser without the push APIs', () => {
    expect(pushSupport({ ...base, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' })).toBe('ok');
    expect(pushSupport({ ...base, userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', hasPushManager: false })).toBe('unsupported');
  });
});
