import { describe, expect, it } from 'vitest';
import { APPROVAL_STEPS, type ApprovalStep, type Review, type ReviewStatus } from '@/domain/approval-chain';
import {
  type DashboardMirror,
  type DashboardPeserta,
  type FunnelStage,
  activeByDivisi,
  addDays,
  approvalFunnel,
  approvalListPeserta,
  belumDinilaiRows,
  certificatesReady,
  countPerluTindakan,
  daysBetween,
  endingSoon,
  funnelStage,
  isActiveOn,
  isoDateOf,
  mentorDashboardRows,
  mentorStatusCounts,
  outboxItems,
  rejectedWithReason,
} from '@/domain/dashboard';
import type { KompetensiLike } from '@/domain/nilai-view';

// Review chains written as three letters in step order (Pembimbing, HR, BusHead).
const CODE: Record<string, ReviewStatus> = { M: 'Menunggu', S: 'Disetujui', T: 'Ditolak', X: 'Tidak_dilanjutkan' };
const chain = (code: string, catatan: Partial<Record<ApprovalStep, string>> = {}): Review[] =>
  APPROVAL_STEPS.map((step, i) => ({ role_reviewer: step, status: CODE[code[i]!]!, catatan: catatan[step] ?? null }));

// Division 10 / SMK is scored on competencies 1 and 2 (3 is inactive); division 20 has none.
const kompetensi = (id: number, divisi: number, jenjang = 'SMK', aktif = true): KompetensiLike => ({
  id,
  nama: `K${id}`,
  jenjang,
  aktif,
  divisi_kategori: [{ divisi: { id: divisi } }],
});
const KOMPETENSI = [kompetensi(1, 10), kompetensi(2, 10), kompetensi(3, 10, 'SMK', false), kompetensi(4, 10, 'Mahasiswa')];

const peserta = (id: number, extra: Partial<DashboardPeserta> = {}): DashboardPeserta => ({
  id,
  nama: `Peserta ${id}`,
  jenjang: 'SMK',
  divisi_id: 10,
  divisi: { nama: 'Keuangan' },
  tanggal_masuk: '2026-01-01',
  tanggal_selesai: '2026-06-30',
  ...extra,
});

interface Fixture {
  peserta: DashboardPeserta;
  /** Competency ids scored. */
  scored?: readonly number[];
  code?: string;
  catatan?: Partial<Record<ApprovalStep, string>>;
}

function mirrorOf(rows: Fixture[], kompetensiRows: KompetensiLike[] = KOMPETENSI): DashboardMirror {
  const byId = new Map(rows.map((row) => [row.peserta.id, row]));
  return {
    peserta: rows.map((row) => row.peserta),
    nilaiOf: (id) => (byId.get(id)?.scored ?? [1, 2]).map((kompetensi_id) => ({ kompetensi_id })),
    reviewsOf: (id) => chain(byId.get(id)?.code ?? 'MMM', byId.get(id)?.catatan),
    kompetensi: kompetensiRows,
  };
}

const ALL_CODES = [...'MSTX'].flatMap((a) => [...'MSTX'].flatMap((b) => [...'MSTX'].map((c) => `${a}${b}${c}`)));

describe('countPerluTindakan', () => {
  it.each([
    // code, Pembimbing, HR, BusHead: the viewer's own step is next and nobody rejected.
    ['MMM', 1, 0, 0],
    ['SMM', 0, 1, 0],
    ['SSM', 0, 0, 1],
    ['SSS', 0, 0, 0],
    ['TXX', 0, 0, 0],
    ['STX', 0, 0, 0],
    ['SST', 0, 0, 0],
    ['SXX', 0, 0, 0],
    ['SMX', 0, 1, 0],
    ['MXX', 1, 0, 0],
  ] as const)('should count a scored participant with %s as %i / %i / %i for Pembimbing / HR / BusHead', (code, p, hr, bh) => {
    const mirror = mirrorOf([{ peserta: peserta(1), code }]);
    expect([countPerluTindakan(mirror, 'Pembimbing'), countPerluTindakan(mirror, 'HR'), countPerluTindakan(mirror, 'BusHead')]).toEqual([p, hr, bh]);
  });

  it.each([
    ['no score', { scored: [] }],
    ['one of two scores', { scored: [1] }],
    ['a score on the inactive competency only', { scored: [3] }],
    ['a division without competencies', { peserta: peserta(1, { divisi_id: 20 }) }],
    ['the other level (no Mahasiswa competency scored)', { peserta: peserta(1, { jenjang: 'Mahasiswa' }) }],
  ] as const)('should not count a participant outside the approval list (%s)', (_, fixture) => {
    const mirror = mirrorOf([{ peserta: peserta(1), code: 'MMM', ...fixture }]);
    expect(approvalListPeserta(mirror)).toEqual([]);
    expect(countPerluTindakan(mirror, 'Pembimbing')).toBe(0);
  });

  it.each(['Mentor', 'admin', ''])('should count nothing for the non-approver role %j', (role) => {
    expect(countPerluTindakan(mirrorOf([{ peserta: peserta(1), code: 'MMM' }]), role)).toBe(0);
  });

  it('should add up over several participants', () => {
    const mirror = mirrorOf([
      { peserta: peserta(1), code: 'MMM' },
      { peserta: peserta(2), code: 'MMM' },
      { peserta: peserta(3), code: 'MMM', scored: [1] },
      { peserta: peserta(4), code: 'SMM' },
    ]);
    expect(countPerluTindakan(mirror, 'Pembimbing')).toBe(2);
    expect(countPerluTindakan(mirror, 'HR')).toBe(1);
  });
});

describe('funnelStage', () => {
  it.each([
    ['MMM', 'Pembimbing'],
    ['SMM', 'HR'],
    ['SSM', 'BusHead'],
    ['SSS', 'lengkap'],
    ['TXX', 'ditolak'],
    ['STX', 'ditolak'],
    ['SST', 'ditolak'],
    ['SXX', 'ditolak'],
    ['SMX', 'HR'],
    ['MXX', 'Pembimbing'],
  ] as const)('should place %s at %s', (code, stage: FunnelStage) => {
    expect(funnelStage(chain(code))).toBe(stage);
  });

  it.each(ALL_CODES.flatMap((code) => APPROVAL_STEPS.map((step) => [code, step] as const)))(
    'should make the %s funnel count waiting on %s equal that step\'s Perlu Tindakan',
    (code, step) => {
      const mirror = mirrorOf([{ peserta: peserta(1), code }]);
      expect(approvalFunnel(mirror).waiting[step]).toBe(countPerluTindakan(mirror, step));
    },
  );
});

describe('approvalFunnel', () => {
  it('should count every stage of the approval list and leave out the rest', () => {
    const mirror = mirrorOf([
      { peserta: peserta(1), code: 'MMM' },
      { peserta: peserta(2), code: 'SMM' },
      { peserta: peserta(3), code: 'SMM' },
      { peserta: peserta(4), code: 'SSM' },
      { peserta: peserta(5), code: 'SSS' },
      { peserta: peserta(6), code: 'STX' },
      { peserta: peserta(7), code: 'MMM', scored: [] },
      { peserta: peserta(8), code: 'SSS', scored: [2] },
    ]);
    expect(approvalFunnel(mirror)).toEqual({ waiting: { Pembimbing: 1, HR: 2, BusHead: 1 }, ditolak: 1, lengkap: 1, total: 6 });
  });

  it('should be all zeros without competencies', () => {
    expect(approvalFunnel(mirrorOf([{ peserta: peserta(1) }], []))).toEqual({
      waiting: { Pembimbing: 0, HR: 0, BusHead: 0 },
      ditolak: 0,
      lengkap: 0,
      total: 0,
    });
  });
});

describe('isActiveOn', () => {
  it.each([
    ['2025-12-31', false],
    ['2026-01-01', true],
    ['2026-03-15', true],
    ['2026-06-30', true],
    ['2026-07-01', false],
  ])('should be active on %s: %s (period 2026-01-01..2026-06-30)', (today, active) => {
    expect(isActiveOn(peserta(1), today)).toBe(active);
  });
});

describe('activeByDivisi', () => {
  it('should count the active participants per division, most first, ties by name', () => {
    const rows = [
      peserta(1, { divisi: { nama: 'Pemasaran' } }),
      peserta(2, { divisi: { nama: 'Keuangan' } }),
      peserta(3, { divisi: { nama: 'Pemasaran' } }),
      peserta(4, { divisi: { nama: 'Gudang' } }),
      peserta(5, { divisi: { nama: 'Keuangan' }, tanggal_selesai: '2026-02-28' }),
      peserta(6, { divisi: null }),
    ];
    expect(activeByDivisi(rows, '2026-03-01')).toEqual([
      { divisi: 'Pemasaran', count: 2 },
      { divisi: '-', count: 1 },
      { divisi: 'Gudang', count: 1 },
      { divisi: 'Keuangan', count: 1 },
    ]);
  });

  it('should be empty when nobody is active', () => {
    expect(activeByDivisi([peserta(1)], '2027-01-01')).toEqual([]);
  });
});

describe('endingSoon', () => {
  it.each([
    ['2026-11-22', false], // yesterday: already over
    ['2026-11-23', true], // today
    ['2026-12-01', true],
    ['2026-12-23', true], // today + 30
    ['2026-12-24', false], // today + 31
  ])('should include a period ending %s: %s (today 2026-11-23)', (selesai, included) => {
    expect(endingSoon([peserta(1, { tanggal_selesai: selesai })], '2026-11-23').length).toBe(included ? 1 : 0);
  });

  it('should sort the soonest first and cross the year', () => {
    const rows = [
      peserta(1, { nama: 'B', tanggal_selesai: '2027-01-14' }),
      peserta(2, { nama: 'C', tanggal_selesai: '2026-12-20' }),
      peserta(3, { nama: 'A', tanggal_selesai: '2026-12-20' }),
      peserta(4, { nama: 'D', tanggal_selesai: '2027-01-15' }),
    ];
    expect(endingSoon(rows, '2026-12-15').map((p) => p.nama)).toEqual(['A', 'C', 'B']);
  });

  it('should take the window as a parameter', () => {
    expect(endingSoon([peserta(1, { tanggal_selesai: '2026-01-08' })], '2026-01-01', 7)).toHaveLength(1);
    expect(endingSoon([peserta(1, { tanggal_selesai: '2026-01-09' })], '2026-01-01', 7)).toHaveLength(0);
  });
});

describe('date helpers', () => {
  it.each([
    ['2026-11-23', 30, '2026-12-23'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('addDays(%s, %i) = %s', (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected);
  });

  it.each([
    ['2026-11-23', '2026-11-23', 0],
    ['2026-11-23', '2026-12-23', 30],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-12-01', '2026-11-30', -1],
  ])('daysBetween(%s, %s) = %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it('should write the local calendar day', () => {
    expect(isoDateOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDateOf(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });
});

describe('certificatesReady', () => {
  it.each([
    ['SSS', 'SMK', { SMK: 1, Mahasiswa: 0 }],
    ['SSS', 'Mahasiswa', { SMK: 0, Mahasiswa: 1 }],
    ['SSM', 'SMK', { SMK: 0, Mahasiswa: 0 }],
    ['SST', 'SMK', { SMK: 0, Mahasiswa: 0 }],
    ['MMM', 'Mahasiswa', { SMK: 0, Mahasiswa: 0 }],
  ])('should count %s of a %s participant as %j', (code, jenjang, expected) => {
    expect(certificatesReady(mirrorOf([{ peserta: peserta(1, { jenjang }), code }]))).toEqual(expected);
  });

  it('should count fully approved participants whatever their scores (the certificate list rule)', () => {
    const mirror = mirrorOf([
      { peserta: peserta(1), code: 'SSS', scored: [] },
      { peserta: peserta(2), code: 'SSS' },
      { peserta: peserta(3, { jenjang: 'Mahasiswa' }), code: 'SSS' },
    ]);
    expect(certificatesReady(mirror)).toEqual({ SMK: 2, Mahasiswa: 1 });
  });
});

describe('mentor dashboard', () => {
  it.each([
    ['no score', { scored: [] }, 'belum_dinilai'],
    ['one of two scores', { scored: [1] }, 'belum_dinilai'],
    ['a score on the inactive competency only', { scored: [1, 3] }, 'belum_dinilai'],
    ['a division without competencies', { peserta: peserta(1, { divisi_id: 20 }) }, 'belum_dinilai'],
    ['rejected but scores incomplete', { scored: [1], code: 'TXX' }, 'belum_dinilai'],
    ['all scores, nobody decided', { code: 'MMM' }, 'menunggu_approval'],
    ['all scores, one approval', { code: 'SMM' }, 'approval_parsial'],
    ['all scores, complete', { code: 'SSS' }, 'approval_lengkap'],
    ['all scores, rejected by HR', { code: 'STX' }, 'ditolak'],
  ] as const)('should give %s the status %s', (_, fixture, status) => {
    const rows = mentorDashboardRows(mirrorOf([{ peserta: peserta(1), ...fixture }]));
    expect(rows.map((row) => row.status)).toEqual([status]);
    expect(belumDinilaiRows(rows)).toHaveLength(status === 'belum_dinilai' ? 1 : 0);
  });

  it.each([
    // Before the first competency pull the server's kompetensi_count stands in.
    [2, [1, 2], 'menunggu_approval'],
    [2, [1], 'belum_dinilai'],
    [0, [], 'belum_dinilai'],
  ] as const)('should use kompetensi_count %i with scores %j while no competency is pulled: %s', (count, scored, status) => {
    const rows = mentorDashboardRows(mirrorOf([{ peserta: peserta(1, { kompetensi_count: count }), scored }], []));
    expect(rows[0]?.status).toBe(status);
  });

  it('should count each status and list the unscored by name with their progress', () => {
    const rows = mentorDashboardRows(
      mirrorOf([
        { peserta: peserta(1, { nama: 'Zaki' }), scored: [] },
        { peserta: peserta(2, { nama: 'Ani' }), scored: [2] },
        { peserta: peserta(3), code: 'MMM' },
        { peserta: peserta(4), code: 'SSS' },
        { peserta: peserta(5), code: 'TXX' },
      ]),
    );
    expect(mentorStatusCounts(rows)).toEqual({
      belum_dinilai: 2,
      menunggu_approval: 1,
      approval_parsial: 0,
      approval_lengkap: 1,
      ditolak: 1,
    });
    expect(belumDinilaiRows(rows).map((row) => [row.peserta.nama, row.scored, row.kompetensiCount])).toEqual([
      ['Ani', 1, 2],
      ['Zaki', 0, 2],
    ]);
  });

  it.each([
    ['TXX', { Pembimbing: 'Nilai perlu ditinjau' }, 'Pembimbing', 'Nilai perlu ditinjau'],
    ['STX', { HR: 'Periode belum cukup' }, 'HR', 'Periode belum cukup'],
    ['SST', {}, 'BusHead', null],
    ['TXX', { Pembimbing: '   ' }, 'Pembimbing', null],
  ] as const)('should give the rejected %s the step and reason', (code, catatan, step, reason) => {
    const mirror = mirrorOf([{ peserta: peserta(1), code, catatan }]);
    expect(rejectedWithReason(mentorDashboardRows(mirror), mirror.reviewsOf)).toEqual([{ peserta: peserta(1), step, catatan: reason }]);
  });

  it('should list no participant whose status is not ditolak', () => {
    const mirror = mirrorOf([
      { peserta: peserta(1), code: 'TXX', scored: [1] },
      { peserta: peserta(2), code: 'SSM' },
    ]);
    expect(rejectedWithReason(mentorDashboardRows(mirror), mirror.reviewsOf)).toEqual([]);
  });
});

describe('outboxItems', () => {
  it('should name the action and the participant, keeping the refusal text', () => {
    const names = new Map([[1, 'Andi']]);
    expect(
      outboxItems(
        [
          { key: 'a', kind: 'nilai.save', pesertaId: 1, lastError: null },
          { key: 'b', kind: 'nilai.reset', pesertaId: 9, lastError: 'Data telah berubah.' },
        ],
        (id) => names.get(id),
      ),
    ).toEqual([
      { key: 'a', action: 'Simpan nilai', nama: 'Andi', error: null },
      { key: 'b', action: 'Hapus semua nilai', nama: '#9', error: 'Data telah berubah.' },
    ]);
  });
});
