import { describe, expect, it } from 'vitest';
import type { Review } from '@/domain/approval-chain';
import { DEFAULT_HARI_KERJA, PRESENSI_MSG, markKey } from '@/domain/presensi';
import type { PresensiRecord } from '@/db/records';
import type { RefusedPresensi } from '@/db/presensi-read';
import { type CellSources, isEditable, markCell } from '@/features/presensi/presensi-rows';

const TODAY = '2026-11-26'; // a Thursday
const peserta = { id: 7, tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-12-31' };
const decided: Review[] = [{ role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null }];

function sources(overrides: Partial<CellSources> = {}): CellSources {
  return {
    marks: new Map(),
    refused: [],
    waiting: new Set(),
    reviewsOf: () => [],
    today: TODAY,
    hariKerja: DEFAULT_HARI_KERJA,
    role: 'Mentor',
    ...overrides,
  };
}

const hadir: PresensiRecord = { peserta_id: 7, tanggal: TODAY, status: 'Hadir', catatan: null };
const refusal = (message: string, peserta_id = 7): RefusedPresensi => ({ seq: 1, message, marks: [{ peserta_id, tanggal: TODAY, status: 'Alpa', catatan: null }] });

describe('markCell', () => {
  it('should say not marked, sent and kept on the device from the mirror', () => {
    expect(markCell(peserta, TODAY, sources()).state).toBe('none');
    const sent = markCell(peserta, TODAY, sources({ marks: new Map([[7, hadir]]) }));
    expect(sent).toMatchObject({ state: 'sent', shown: { status: 'Hadir', catatan: null }, held: { status: 'Hadir' }, lock: null, block: null });
    const queued = markCell(peserta, TODAY, sources({ marks: new Map([[7, { ...hadir, pendingKey: 'k1', base: null }]]) }));
    expect(queued.state).toBe('queued');
  });

  it('should show an Izin waiting for its note over the held mark', () => {
    const cell = markCell(peserta, TODAY, sources({ marks: new Map([[7, hadir]]), waiting: new Set([markKey(7, TODAY)]) }));
    expect(cell).toMatchObject({ state: 'waiting', shown: { status: 'Izin', catatan: null }, held: { status: 'Hadir' } });
  });

  it("should carry the newest refusal's text of a save that set this date, until a newer tap is queued", () => {
    const refused = [refusal('lama'), { ...refusal('baru'), seq: 2 }, { ...refusal('lain', 8), seq: 3 }];
    expect(markCell(peserta, TODAY, sources({ refused, marks: new Map([[7, hadir]]) }))).toMatchObject({ state: 'refused', refused: 'baru' });
    const retapped = markCell(peserta, TODAY, sources({ refused, marks: new Map([[7, { ...hadir, pendingKey: 'k2', base: null }]]) }));
    expect(retapped).toMatchObject({ state: 'queued', refused: null });
  });

  it('should lock the row for the mentor once the Pembimbing has decided (not for HR), and block dates that may not be marked', () => {
    const locked = markCell(peserta, TODAY, sources({ reviewsOf: () => decided }));
    expect(locked.lock).toBe(PRESENSI_MSG.locked);
    expect(isEditable(locked)).toBe(false);
    expect(markCell(peserta, TODAY, sources({ reviewsOf: () => decided, role: 'HR' })).lock).toBeNull();
    expect(markCell(peserta, '2026-11-29', sources()).block).toBe(PRESENSI_MSG.future);
    expect(markCell(peserta, '2026-11-22', sources()).block).toBe(PRESENSI_MSG.notWorkingDay);
    expect(markCell(peserta, '2026-11-01', sources()).block).toBe(PRESENSI_MSG.outsidePeriod);
  });
});
