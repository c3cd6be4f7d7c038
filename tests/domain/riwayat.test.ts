import { describe, expect, it } from 'vitest';
import {
  QUEUED_AFTER_MS,
  boundDeviceTime,
  dibuatPadaOf,
  dibuatPadaSchema,
  perubahanText,
  presensiText,
  riwayatResponseSchema,
  waktuText,
} from '@/domain/riwayat';

const session = new Date('2026-03-01T08:00:00Z');
const now = new Date('2026-03-01T10:00:00Z');

describe('boundDeviceTime', () => {
  it('should keep a time between the session start and now', () => {
    const claimed = new Date('2026-03-01T09:15:00Z');
    expect(boundDeviceTime(claimed, session, now)).toEqual(claimed);
  });
  it('should clamp a time in the future to now', () => {
    expect(boundDeviceTime(new Date('2030-01-01T00:00:00Z'), session, now)).toEqual(now);
  });
  it('should clamp a time before the session began up to its start', () => {
    expect(boundDeviceTime(new Date('2020-01-01T00:00:00Z'), session, now)).toEqual(session);
  });
});

describe('dibuatPadaSchema', () => {
  it.each(['2026-03-01T09:15:00Z', '2026-03-01T09:15:00.123+07:00'])('should accept %s', (value) => {
    expect(dibuatPadaSchema.safeParse(value).success).toBe(true);
  });
  it.each(['', 'kemarin', '2026-03-01', '2026-03-01T09:15:00', '2026-02-30T09:15:00Z', 1_700_000_000])('should refuse %j', (value) => {
    expect(dibuatPadaSchema.safeParse(value).success).toBe(false);
  });
});

describe('dibuatPadaOf', () => {
  const createdAt = Date.parse('2026-03-01T09:00:00Z');
  it('should be null for a change sent at once', () => {
    expect(dibuatPadaOf({ createdAt, attempts: 0 }, createdAt + 200)).toBeNull();
  });
  it('should be the creation time for a change that waited or whose send failed', () => {
    const iso = new Date(createdAt).toISOString();
    expect(dibuatPadaOf({ createdAt, attempts: 0 }, createdAt + QUEUED_AFTER_MS)).toBe(iso);
    expect(dibuatPadaOf({ createdAt, attempts: 1 }, createdAt + 10)).toBe(iso);
  });
  it('should judge a resend by its first send', () => {
    expect(dibuatPadaOf({ createdAt, attempts: 0, sentAt: createdAt + 100 }, createdAt + 3_600_000)).toBeNull();
  });
});

describe('texts', () => {
  it('should say what changed per competency', () => {
    expect(perubahanText({ kompetensi_id: 1, kompetensi: 'Komunikasi', sebelum: 70, sesudah: 85 })).toBe('Nilai Komunikasi: 70 → 85');
    expect(perubahanText({ kompetensi_id: 1, kompetensi: 'Komunikasi', sebelum: null, sesudah: 85 })).toBe('Nilai Komunikasi: - → 85');
    expect(perubahanText({ kompetensi_id: 1, kompetensi: 'Komunikasi', sebelum: 70, sesudah: null })).toBe('Nilai Komunikasi: 70 → -');
  });
  it('should show the device time only when it differs from the server time', () => {
    const online = { waktu_server: '2026-03-01T09:00:00Z', waktu_perangkat: null, offline: false };
    expect(waktuText(online)).not.toContain('perangkat');
    const text = waktuText({ waktu_server: '2026-03-01T09:00:00Z', waktu_perangkat: '2026-02-28T07:30:00Z', offline: true });
    expect(text).toMatch(/^dibuat di perangkat .+ \(offline\), diterima .+$/);
    expect(text).toContain('2026');
  });
  it('should parse an answer of the API', () => {
    const entry = {
      id: 1,
      jenis: 'reject',
      oleh: { id: 2, username: 'pembimbing', role: 'Pembimbing' },
      waktu_server: '2026-03-01T09:00:00.000Z',
      waktu_perangkat: null,
      offline: false,
      perubahan: [],
      presensi: [],
      catatan: 'Kurang',
    };
    expect(riwayatResponseSchema.parse({ data: [entry] })).toEqual({ data: [entry] });
    // A row kept on a device before corrected attendance was recorded reads as none.
    const { presensi: _none, ...older } = entry;
    expect(riwayatResponseSchema.parse({ data: [older] })).toEqual({ data: [entry] });
  });

  it("should show HR's attendance corrections with Indonesian dates", () => {
    expect(presensiText({ tanggal: '2026-01-05', sebelum: 'Hadir', sesudah: 'Sakit' })).toBe('Presensi 5 Januari 2026: Hadir → Sakit');
    expect(presensiText({ tanggal: '2026-01-07', sebelum: null, sesudah: 'Alpa' })).toBe('Presensi 7 Januari 2026: - → Alpa');
  });
});
