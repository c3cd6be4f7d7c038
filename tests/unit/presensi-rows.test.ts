import { describe, expect, it } from 'vitest';
import type { Review } from '@/domain/approval-chain';
import { DEFAULT_HARI_KERJA, PRESENSI_MSG } from '@/domain/presensi';
import { markKey } from '@/domain/presensi';
import type { MarkInput } from '@/domain/presensi-screen';
import type { PresensiRecord } from '@/db/records';
import type { RefusedPresensi } from '@/db/presensi-read';
import { type CellSources, isEditable, markCell, marksToSave } from '@/features/presensi/presensi-rows';

const TODAY = '2026-11-26'; // a Thursday
const peserta = { id: 7, tanggal_masuk: '2026-11-02', tanggal_selesai: '2026-12-31' };
const decided: Review[] = [{ role_reviewer: 'Pembimbing', status: 'Disetujui', catatan: null }];

function sources(overrides: Partial<CellSources> = {}): CellSources {
  return {
    marks: new Map(),
    refused: [],
    edits: new Map(),
    reviewsOf: () => [],
    today: TODAY,
    hariKerja: DEFAULT_HARI_KERJA,
    ...overrides,
  };
}

const hadir: PresensiRecord = { peserta_id: 7, tanggal: TODAY, status: 'Hadir', catatan: null };

describe('markCell', () => {
  it('should say unmarked, saved and queued from the mirror', () => {
    expect(markCell(peserta, TODAY, sources()).state).toBe('none');
    const saved = markCell(peserta, TODAY, sources({ marks: new Map([[7, hadir]]) }));
    expect(saved).toMatchObject({ state: 'saved', shown: { status: 'Hadir', catatan: null }, lock: null, block: null });
    const queued = markCell(peserta, TODAY, sources({ marks: new Map([[7, { ...hadir, pendingKey: 'k1', base: null }]]) }));
    expect(queued.state).toBe('queued');
  });

  it('should show an edit that changes the mark as unsaved, and one that does not as the mark', () => {
    const edits = new Map<string, MarkInput>([[markKey(7, TODAY), { status: 'Sakit', catatan: null }]]);
    expect(markCell(peserta, TODAY, sources({ marks: new Map([[7, hadir]]), edits }))).toMatchObject({ state: 'unsaved', shown: { status: 'Sakit' } });
    const same = new Map<string, MarkInput>([[markKey(7, TODAY), { status: 'Hadir', catatan: null }]]);
    expect(markCell(peserta, TODAY, sources({ marks: new Map([[7, hadir]]), edits: same })).state).toBe('saved');
  });

  it("should carry the newest refusal's text of a save that set this date", () => {
    const refused: RefusedPresensi[] = [
      { seq: 1, message: 'lama', marks: [{ peserta_id: 7, tanggal: TODAY, status: 'Hadir', catatan: null }] },
      { seq: 2, message: 'baru', marks: [{ peserta_id: 7, tanggal: TODAY, status: 'Alpa', catatan: null }] },
      { seq: 3, message: 'lain', marks: [{ peserta_id: 8, tanggal: TODAY, status: 'Alpa', catatan: null }] },
    ];
    expect(markCell(peserta, TODAY, sources({ refused })).refused).toBe('baru');
  });

  it("should lock the row once the Pembimbing has decided, and block dates that may not be marked", () => {
    const locked = markCell(peserta, TODAY, sources({ reviewsOf: () => decided }));
    expect(locked.lock).toBe(PRESENSI_MSG.locked);
    expect(isEditable(locked)).toBe(false);
    expect(markCell(peserta, '2026-11-29', sources()).block).toBe(PRESENSI_MSG.future);
    expect(markCell(peserta, '2026-11-22', sources()).block).toBe(PRESENSI_MSG.notWorkingDay);
    expect(markCell(peserta, '2026-11-01', sources()).block).toBe(PRESENSI_MSG.outsidePeriod);
  });

  it('should flag an Izin edit without a note', () => {
    const edits = new Map<string, MarkInput>([[markKey(7, TODAY), { status: 'Izin', catatan: '  ' }]]);
    expect(markCell(peserta, TODAY, sources({ edits })).needsCatatan).toBe(true);
  });
});

describe('marksToSave', () => {
  it('should send only the unsaved edits of editable dates, with the note of Izin and Sakit only', () => {
    const other = { ...peserta, id: 8 };
    const third = { ...peserta, id: 9 };
    const edits = new Map<string, MarkInput>([
      [markKey(7, TODAY), { status: 'Izin', catatan: ' acara keluarga ' }],
      [markKey(8, TODAY), { status: 'Hadir', catatan: 'tersembunyi' }],
      [markKey(9, TODAY), { status: 'Hadir', catatan: null }],
    ]);
    const cells = [
      markCell(peserta, TODAY, sources({ edits })),
      markCell(other, TODAY, sources({ edits })),
      markCell(third, TODAY, sources({ edits, reviewsOf: (id) => (id === 9 ? decided : []) })),
      markCell({ ...peserta, id: 10 }, TODAY, sources({ marks: new Map([[10, { ...hadir, peserta_id: 10 }]]) })),
    ];
    expect(marksToSave(cells)).toEqual([
      { peserta_id: 7, tanggal: TODAY, status: 'Izin', catatan: 'acara keluarga' },
      { peserta_id: 8, tanggal: TODAY, status: 'Hadir', catatan: null },
    ]);
  });
});
