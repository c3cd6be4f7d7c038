import { describe, expect, it } from 'vitest';
import type { CsvExportPeserta, CsvLookups } from '@/domain/csv-peserta';
import { exportCsvText, importCsvText, parseCsvText } from '@/workers/csv';

const lookups: CsvLookups = {
  instansi: [
    { id: 1, nama: 'SMK Negeri 1 Jakarta', jenis: 'Sekolah' },
    { id: 4, nama: 'Universitas Indonesia', jenis: 'Kampus' },
  ],
  divisi: [{ id: 10, nama: 'Teknologi Informasi' }],
  mentors: [{ id: 3, username: 'mentor' }],
  pembimbing: [{ id: 2, username: 'pembimbing' }],
};

const HEADER = 'nama;asal_instansi;nis;jurusan;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai';
const line = (i: number, overrides: Partial<Record<string, string>> = {}) => {
  const cells = {
    nama: `Siswa ${i}`,
    asal_instansi: 'smk negeri 1 jakarta',
    nis: `00${i}`,
    jurusan: 'TKJ',
    divisi: 'Teknologi Informasi',
    mentor: 'Mentor',
    nama_pembimbing: 'Bu Rina',
    kontak_pembimbing: '0812000' + i,
    tanggal_masuk: '05/01/2026',
    tanggal_selesai: '03/04/2026',
    ...overrides,
  };
  return Object.values(cells).join(';');
};

describe('importCsvText', () => {
  it('should map good rows, report bad rows by file row number and skip blank rows', () => {
    const text = [HEADER, line(1), '', line(2, { divisi: 'Gudang' }), ';;;;;;;;;', line(3, { tanggal_masuk: '2026-01-05' }), line(4), ''].join('\n');
    const result = importCsvText(text, 'SMK', lookups);
    expect(result.total).toBe(4);
    expect(result.valid.map((row) => row.rowNumber)).toEqual([2, 7]);
    expect(result.valid[0]?.payload).toMatchObject({
      nama: 'Siswa 1',
      instansi_id: 1,
      divisi_id: 10,
      mentor_id: 3,
      pembimbing_id: 2,
      kontak_pembimbing: '628120001',
      tanggal_masuk: '2026-01-05',
      tanggal_selesai: '2026-04-03',
    });
    expect(result.errors).toEqual([
      { rowNumber: 4, message: 'Divisi "Gudang" tidak ditemukan di database' },
      { rowNumber: 6, message: 'Format tanggal tanggal_masuk tidak valid' },
    ]);
  });

  it('should keep row numbers across mapping batches and report progress up to 1', () => {
    const lines = [HEADER];
    for (let i = 1; i <= 5000; i++) lines.push(i === 4321 ? line(i, { mentor: 'siapa' }) : line(i));
    const progress: number[] = [];
    const result = importCsvText(lines.join('\n'), 'SMK', lookups, (fraction) => progress.push(fraction));
    expect(result.valid).toHaveLength(4999);
    expect(result.errors).toEqual([{ rowNumber: 4322, message: 'Mentor "siapa" tidak ditemukan di database' }]);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it.each([
    ['a file without the level\'s columns', 'nama;nim\nA;1'],
    ['an empty file', ''],
    ['a comma-separated file', HEADER.replaceAll(';', ',') + '\n' + line(1).replaceAll(';', ',')],
  ])("should refuse %s with 'Gagal memproses file'", (_name, text) => {
    expect(() => importCsvText(text, 'SMK', lookups)).toThrow('Gagal memproses file');
  });
});

describe('exportCsvText', () => {
  const participant: CsvExportPeserta = {
    nama: 'Dewi; "Ayu"',
    instansi: { nama: 'Universitas Indonesia' },
    divisi: { nama: 'Teknologi Informasi' },
    mentor: { username: 'mentor' },
    pembimbing: { username: 'pembimbing' },
    nama_pembimbing: 'Dr. Lestari',
    kontak_pembimbing: '6281311112222',
    tanggal_masuk: '2026-02-01',
    tanggal_selesai: '2026-06-30',
    mahasiswa: { nim: '2106705678', jurusan: 'Akuntansi', fakultas: '' },
  };

  it('should write the header, dd/mm/yyyy dates, 0… phones and the trailing pembimbing value', () => {
    const text = exportCsvText([participant], 'Mahasiswa');
    const [header, row] = text.split('\r\n');
    expect(header).toBe('\uFEFFnama;asal_instansi;nim;jurusan;fakultas;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai');
    expect(row).toBe('"Dewi; ""Ayu""";Universitas Indonesia;2106705678;Akuntansi;-;Teknologi Informasi;mentor;Dr. Lestari;081311112222;01/02/2026;30/06/2026;pembimbing');
  });

  it('should import an exported file back unchanged', () => {
    const result = importCsvText(exportCsvText([participant], 'Mahasiswa'), 'Mahasiswa', lookups);
    expect(result.errors).toEqual([]);
    expect(result.valid[0]?.payload).toMatchObject({
      nama: 'Dewi; "Ayu"',
      nim: '2106705678',
      fakultas: '',
      kontak_pembimbing: '6281311112222',
      tanggal_masuk: '2026-02-01',
      tanggal_selesai: '2026-06-30',
      instansi_id: 4,
    });
  });

  it('should start with a UTF-8 byte-order mark so Excel reads non-ASCII names right', () => {
    const bytes = new TextEncoder().encode(exportCsvText([{ ...participant, nama: 'José Núñez' }], 'Mahasiswa'));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  // OWASP CSV injection: no exported cell may start with a formula character.
  const hostile = ['=HYPERLINK("http://x.test","klik")', '+6281234', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1', "'=already quoted", "''+two", '-'];
  it.each(hostile)('should neutralise %j in every column and import it back as it was', (value) => {
    const row = { ...participant, nama: `${value}`, nama_pembimbing: value, mahasiswa: { nim: '2106705678', jurusan: value, fakultas: value } };
    const text = exportCsvText([row], 'Mahasiswa');
    const cells = parseCsvText(text.replace(/^\uFEFF/, ''))[0] as Record<string, string>;
    for (const cell of Object.values(cells).flat()) {
      if (cell === '-') continue; // the empty fakultas / a lone dash is no formula
      expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    const back = importCsvText(text, 'Mahasiswa', lookups);
    const expected = value.trim();
    if (back.errors.length > 0) {
      // A value the add rules refuse (blank after trim) is refused, never turned into something else.
      expect(expected === '' || expected === '-').toBe(true);
      return;
    }
    expect(back.valid[0]?.payload).toMatchObject({ nama: expected, nama_pembimbing: expected, jurusan_mahasiswa: expected });
  });

  it('should parse quoted separators as one value', () => {
    expect(parseCsvText('a;b\n"x;y";z')[0]).toEqual({ a: 'x;y', b: 'z' });
  });
});
