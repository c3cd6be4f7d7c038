// Every time the app shows is a Jakarta time labelled 'WIB', on any device's time zone: the one
// formatter (formatWaktuWib), the history's timeline texts and the inbox.
import { afterEach, describe, expect, it } from 'vitest';
import { formatWaktuWib } from '../../src/domain/dates';
import { formatNotifikasiTime } from '../../src/domain/notifikasi';
import { waktuText } from '../../src/domain/riwayat';

const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('formatWaktuWib', () => {
  it.each([
    { iso: '2026-11-28T23:30:00Z', shown: '29 November 2026, 06.30 WIB' },
    { iso: '2026-01-05T07:05:00+07:00', shown: '5 Januari 2026, 07.05 WIB' },
    { iso: '2026-03-01T17:00:00.000Z', shown: '2 Maret 2026, 00.00 WIB' },
    { iso: '2026-08-17T04:59:59Z', shown: '17 Agustus 2026, 11.59 WIB' },
    { iso: 'bukan waktu', shown: 'bukan waktu' },
  ])('should show $iso as $shown', ({ iso, shown }) => {
    expect(formatWaktuWib(iso)).toBe(shown);
  });

  it.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Asia/Makassar'])('should show the same Jakarta time on a device in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatWaktuWib('2026-11-28T23:30:00Z')).toBe('29 November 2026, 06.30 WIB');
    expect(waktuText({ waktu_server: '2026-11-28T23:30:00Z', waktu_perangkat: null, offline: false })).toBe('diterima 29 November 2026, 06.30 WIB');
  });
});

describe('the times of the history and the inbox', () => {
  it("should label both times of a change made offline with 'WIB'", () => {
    const text = waktuText({ waktu_server: '2026-03-01T09:00:00Z', waktu_perangkat: '2026-02-28T07:30:00Z', offline: true });
    expect(text).toBe('dibuat di perangkat 28 Februari 2026, 14.30 WIB (offline), diterima 1 Maret 2026, 16.00 WIB');
  });

  it('should show a notification time as the history does', () => {
    expect(formatNotifikasiTime('2026-11-28T23:30:00Z')).toBe(formatWaktuWib('2026-11-28T23:30:00Z'));
    expect(formatNotifikasiTime('2026-11-28T23:30:00Z')).toBe('29 November 2026, 06.30 WIB');
  });
});
