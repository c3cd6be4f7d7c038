import { describe, expect, it } from 'vitest';
import {
  CSV_COLUMNS,
  CSV_DELIMITER,
  CSV_MSG,
  type CsvExportPeserta,
  type CsvLookups,
  csvDateToIso,
  csvFileName,
  csvHeader,
  csvMissingColumns,
  csvRowToPayload,
  isBlankCsvRow,
  isoToCsvDate,
  mapCsvRows,
  pesertaToCsvRow,
  phoneToCsv,
  phoneToStored,
} from '../../src/domain/csv-peserta';
import type { Jenjang } from '../../src/domain/master-data';
import { PESERTA_MSG } from '../../src/domain/peserta';

const lookups: CsvLookups = {
  instansi: [
    { id: 1, nama: 'SMK Negeri 1 Jakarta', jenis: 'Sekolah' },
    { id: 4, nama: 'Universitas Indonesia', jenis: 'Kampus' },
  ],
  divisi: [
    { id: 10, nama: 'Teknologi Informasi' },
    { id: 11, nama: 'Keuangan' },
  ],
  mentors: [{ id: 3, username: 'mentor' }],
  pembimbing: [
    { id: 7, username: 'pembimbing2' },
    { id: 2, username: 'pembimbing' },
  ],
};

const smkRow = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  nama: 'Rizky Pratama',
  asal_instansi: 'SMK Negeri 1 Jakarta',
  nis: '0061234501',
  jurusan: 'Teknik Komputer dan Jaringan',
  divisi: 'Teknologi Informasi',
  mentor: 'mentor',
  nama_pembimbing: 'Drs. Bambang Sutrisno',
  kontak_pembimbing: '081234567801',
  tanggal_masuk: '05/01/2026',
  tanggal_selesai: '03/04/2026',
  ...overrides,
});
const mahasiswaRow = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  nama: 'Ayu Permatasari',
  asal_instansi: 'Universitas Indonesia',
  nim: '2106705678',
  jurusan: 'Akuntansi',
  fakultas: 'Fakultas Ekonomi dan Bisnis',
  divisi: 'Keuangan',
  mentor: 'mentor',
  nama_pembimbing: 'Dr. Lestari Handayani',
  kontak_pembimbing: '6281211223344',
  tanggal_masuk: '02/02/2026',
  tanggal_selesai: '31/07/2026',
  ...overrides,
});
const rowOf = (jenjang: Jenjang) => (jenjang === 'SMK' ? smkRow() : mahasiswaRow());
const messageOf = (row: Record<string, unknown>, jenjang: Jenjang = 'SMK') => {
  const result = csvRowToPayload(row, jenjang, lookups);
  return result.ok ? null : result.message;
};

describe('CSV layout', () => {
  it('should list the CSV columns in file order for each level', () => {
    expect(CSV_COLUMNS.SMK.join(CSV_DELIMITER)).toBe(
      'nama;asal_instansi;nis;jurusan;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai',
    );
    expect(CSV_COLUMNS.Mahasiswa.join(CSV_DELIMITER)).toBe(
      'nama;asal_instansi;nim;jurusan;fakultas;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai',
    );
    expect(csvHeader('SMK')).toEqual([...CSV_COLUMNS.SMK]);
  });

  it.each([
    ['SMK', 'peserta_template.csv'],
    ['Mahasiswa', 'mahasiswa_template.csv'],
  ] as const)('should name the %s export %s', (jenjang, name) => {
    expect(csvFileName(jenjang)).toBe(name);
  });

  it('should hold the texts of import', () => {
    expect(CSV_MSG).toMatchObject({
      required: 'Semua field wajib diisi',
      pembimbingNotFound: 'ID pembimbing tidak ditemukan',
      importSuccess: 'Import berhasil!',
      processFailed: 'Gagal memproses file',
      readFailed: 'Gagal membaca file',
    });
    expect(CSV_MSG.dateInvalid('tanggal_masuk')).toBe('Format tanggal tanggal_masuk tidak valid');
    expect(CSV_MSG.divisiNotFound('x')).toBe('Divisi "x" tidak ditemukan di database');
    expect(CSV_MSG.mentorNotFound('x')).toBe('Mentor "x" tidak ditemukan di database');
    expect(CSV_MSG.instansiNotFound('x')).toBe('Instansi "x" tidak ditemukan di database');
  });

  it('should report the columns a header lacks (any case, BOM ignored)', () => {
    expect(csvMissingColumns(['\uFEFFNama', ...CSV_COLUMNS.SMK.slice(1)], 'SMK')).toEqual([]);
    expect(csvMissingColumns([...CSV_COLUMNS.SMK], 'Mahasiswa')).toEqual(['nim', 'fakultas']);
  });
});

describe('value conversions', () => {
  it.each([
    ['05/01/2026', '2026-01-05'],
    ['5/1/2026', '2026-01-05'],
    [' 31/12/2026 ', '2026-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['32/01/2026', null],
    ['01/13/2026', null],
    ['00/01/2026', null],
    ['2026-01-05', null],
    ['05-01-2026', null],
    ['05/01/26', null],
    ['', null],
  ])('should read the CSV date %j as %j', (value, expected) => {
    expect(csvDateToIso(value)).toBe(expected);
  });

  it.each([
    ['2026-01-05', '05/01/2026'],
    ['2026-12-31', '31/12/2026'],
  ])('should write %s as %s', (value, expected) => {
    expect(isoToCsvDate(value)).toBe(expected);
  });

  it.each([
    ['081234567801', '6281234567801'],
    [' 0812 ', '62812'],
    ['6281234567801', '6281234567801'],
    ['+6281234', '+6281234'],
  ])('should store the phone %j as %j', (value, expected) => {
    expect(phoneToStored(value)).toBe(expected);
  });

  it.each([
    ['6281234567801', '081234567801'],
    ['081234', '081234'],
    ['', ''],
  ])('should export the phone %j as %j', (value, expected) => {
    expect(phoneToCsv(value)).toBe(expected);
  });
});

describe('csvRowToPayload', () => {
  it('should map an SMK row: ids from names, dates to yyyy-mm-dd, 0… phone to 62…, the pembimbing user', () => {
    expect(csvRowToPayload(smkRow(), 'SMK', lookups)).toEqual({
      ok: true,
      payload: {
        jenjang: 'SMK',
        nama: 'Rizky Pratama',
        instansi_id: 1,
        nis: '0061234501',
        jurusan: 'Teknik Komputer dan Jaringan',
        divisi_id: 10,
        mentor_id: 3,
        pembimbing_id: 2,
        nama_pembimbing: 'Drs. Bambang Sutrisno',
        kontak_pembimbing: '6281234567801',
        tanggal_masuk: '2026-01-05',
        tanggal_selesai: '2026-04-03',
      },
    });
  });

  it('should map a Mahasiswa row with nim, jurusan_mahasiswa and fakultas', () => {
    const result = csvRowToPayload(mahasiswaRow(), 'Mahasiswa', lookups);
    expect(result).toMatchObject({
      ok: true,
      payload: { jenjang: 'Mahasiswa', instansi_id: 4, nim: '2106705678', jurusan_mahasiswa: 'Akuntansi', fakultas: 'Fakultas Ekonomi dan Bisnis' },
    });
  });

  it("should turn a Mahasiswa fakultas '-' into ''", () => {
    expect(csvRowToPayload(mahasiswaRow({ fakultas: ' - ' }), 'Mahasiswa', lookups)).toMatchObject({ ok: true, payload: { fakultas: '' } });
  });

  it('should match divisi, mentor and instansi in any case and with spaces around, and trim values', () => {
    const row = smkRow({ divisi: '  teknologi INFORMASI ', mentor: 'MENTOR', asal_instansi: 'smk negeri 1 jakarta ', nama: ' Rizky ' });
    expect(csvRowToPayload(row, 'SMK', lookups)).toMatchObject({ ok: true, payload: { divisi_id: 10, mentor_id: 3, instansi_id: 1, nama: 'Rizky' } });
  });

  it('should read headers in any case, with a byte-order mark, and ignore the trailing export value', () => {
    const { nama, ...rest } = smkRow();
    const row = { '\uFEFFNAMA': nama, ...rest, __parsed_extra: ['pembimbing'] };
    expect(csvRowToPayload(row, 'SMK', lookups).ok).toBe(true);
  });

  const requiredCases = (['SMK', 'Mahasiswa'] as const).flatMap((jenjang) =>
    CSV_COLUMNS[jenjang].flatMap((column) => [undefined, '', '   '].map((value) => [jenjang, column, value] as const)),
  );
  it.each(requiredCases)('should answer "Semua field wajib diisi" for a %s row with %s = %j', (jenjang, column, value) => {
    const row = rowOf(jenjang);
    if (value === undefined) delete row[column];
    else row[column] = value;
    expect(messageOf(row, jenjang)).toBe(CSV_MSG.required);
  });

  it.each([
    ['tanggal_masuk', '2026-01-05'],
    ['tanggal_masuk', '30/02/2026'],
    ['tanggal_selesai', '3-4-2026'],
    ['tanggal_selesai', '31/06/2026'],
  ])('should answer the date message for %s = %j', (field, value) => {
    expect(messageOf(smkRow({ [field]: value }))).toBe(`Format tanggal ${field} tidak valid`);
  });

  it.each([
    [{ divisi: 'Gudang' }, 'Divisi "Gudang" tidak ditemukan di database'],
    [{ mentor: 'budi' }, 'Mentor "budi" tidak ditemukan di database'],
    // A Pembimbing account is not a mentor.
    [{ mentor: 'pembimbing' }, 'Mentor "pembimbing" tidak ditemukan di database'],
    [{ asal_instansi: 'SMK Antah' }, 'Instansi "SMK Antah" tidak ditemukan di database'],
    // An institution of the other kind counts as not found.
    [{ asal_instansi: 'Universitas Indonesia' }, 'Instansi "Universitas Indonesia" tidak ditemukan di database'],
    [{ tanggal_selesai: '04/01/2026' }, PESERTA_MSG.dateOrder],
    [{ nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
  ])('should refuse the SMK row with %j', (override, expected) => {
    expect(messageOf(smkRow(override))).toBe(expected);
  });

  it('should refuse a school for a Mahasiswa row as not found', () => {
    expect(messageOf(mahasiswaRow({ asal_instansi: 'SMK Negeri 1 Jakarta' }), 'Mahasiswa')).toBe(CSV_MSG.instansiNotFound('SMK Negeri 1 Jakarta'));
  });

  it("should answer 'ID pembimbing tidak ditemukan' without a user named 'pembimbing' (any case finds it)", () => {
    const without = { ...lookups, pembimbing: [{ id: 7, username: 'pembimbing2' }] };
    expect(csvRowToPayload(smkRow(), 'SMK', without)).toEqual({ ok: false, message: 'ID pembimbing tidak ditemukan' });
    const upper = { ...lookups, pembimbing: [{ id: 9, username: 'Pembimbing' }] };
    expect(csvRowToPayload(smkRow(), 'SMK', upper)).toMatchObject({ ok: true, payload: { pembimbing_id: 9 } });
  });

  it('should answer the first failing rule in the documented order', () => {
    const row = smkRow({ tanggal_masuk: 'x', divisi: 'Gudang', mentor: 'budi', asal_instansi: 'X' });
    expect(messageOf(row)).toBe('Format tanggal tanggal_masuk tidak valid');
    expect(messageOf({ ...row, tanggal_masuk: '05/01/2026' })).toBe(CSV_MSG.divisiNotFound('Gudang'));
    expect(messageOf({ ...row, tanggal_masuk: '05/01/2026', divisi: 'Keuangan' })).toBe(CSV_MSG.mentorNotFound('budi'));
    expect(messageOf({ ...row, tanggal_masuk: '05/01/2026', divisi: 'Keuangan', mentor: 'mentor' })).toBe(CSV_MSG.instansiNotFound('X'));
  });
});

describe('mapCsvRows', () => {
  it('should skip blank rows without a message and number rows from 2 (the header is row 1)', () => {
    const blank = Object.fromEntries(CSV_COLUMNS.SMK.map((column) => [column, '  ']));
    const rows = [smkRow(), { nama: '' }, blank, smkRow({ divisi: 'Gudang' }), smkRow({ nama: 'Kedua' })];
    const result = mapCsvRows(rows, 'SMK', lookups);
    expect(result.valid.map((row) => [row.rowNumber, row.payload.nama])).toEqual([
      [2, 'Rizky Pratama'],
      [6, 'Kedua'],
    ]);
    expect(result.errors).toEqual([{ rowNumber: 5, message: CSV_MSG.divisiNotFound('Gudang') }]);
  });

  it('should judge blank rows', () => {
    expect(isBlankCsvRow({})).toBe(true);
    expect(isBlankCsvRow({ nama: ' ', __parsed_extra: ['x'] })).toBe(true);
    expect(isBlankCsvRow({ nama: 'a' })).toBe(false);
  });

  it('should map 5,000 rows reading the lookups once, not once a row', () => {
    const rows = Array.from({ length: 5000 }, (_row, i) => smkRow({ nama: `Peserta ${i}` }));
    const reads = { instansi: 0, divisi: 0, mentors: 0, pembimbing: 0 };
    const counted = Object.fromEntries(
      (Object.keys(reads) as (keyof typeof reads)[]).map((name) => [
        name,
        new Proxy([...lookups[name]], {
          get(target, property, receiver) {
            if (property === Symbol.iterator || property === 'forEach' || property === 'map') reads[name] += 1;
            return Reflect.get(target, property, receiver) as unknown;
          },
        }),
      ]),
    ) as unknown as CsvLookups;
    expect(mapCsvRows(rows, 'SMK', counted).valid).toHaveLength(5000);
    expect(reads).toEqual({ instansi: 1, divisi: 1, mentors: 1, pembimbing: 1 });
  });
});

describe('export and round trip', () => {
  const exported: Record<Jenjang, CsvExportPeserta[]> = {
    SMK: [
      {
        nama: 'Rizky Pratama',
        instansi: { nama: 'SMK Negeri 1 Jakarta' },
        divisi: { nama: 'Teknologi Informasi' },
        mentor: { username: 'mentor' },
        pembimbing: { username: 'pembimbing' },
        nama_pembimbing: 'Drs. Bambang Sutrisno',
        kontak_pembimbing: '6281234567801',
        tanggal_masuk: '2026-01-05',
        tanggal_selesai: '2026-04-03',
        siswa: { nis: '0061234501', jurusan: 'Teknik Komputer dan Jaringan' },
        mahasiswa: null,
      },
    ],
    Mahasiswa: [
      {
        nama: 'Ayu; "Permata" Sari',
        instansi: { nama: 'Universitas Indonesia' },
        divisi: { nama: 'Keuangan' },
        mentor: { username: 'mentor' },
        pembimbing: { username: 'pembimbing' },
        nama_pembimbing: 'Dr. Lestari',
        kontak_pembimbing: '6281211223344',
        tanggal_masuk: '2026-02-02',
        tanggal_selesai: '2026-07-31',
        siswa: null,
        mahasiswa: { nim: '2106705678', jurusan: 'Akuntansi', fakultas: '' },
      },
    ],
  };

  it('should write the columns in order, dd/mm/yyyy, 0… phones, "-" for no fakultas, then the pembimbing', () => {
    expect(pesertaToCsvRow(exported.SMK[0] as CsvExportPeserta, 'SMK')).toEqual([
      'Rizky Pratama', 'SMK Negeri 1 Jakarta', '0061234501', 'Teknik Komputer dan Jaringan', 'Teknologi Informasi', 'mentor',
      'Drs. Bambang Sutrisno', '081234567801', '05/01/2026', '03/04/2026', 'pembimbing',
    ]);
    const row = pesertaToCsvRow(exported.Mahasiswa[0] as CsvExportPeserta, 'Mahasiswa');
    expect(row).toHaveLength(CSV_COLUMNS.Mahasiswa.length + 1);
    expect(row.slice(2, 5)).toEqual(['2106705678', 'Akuntansi', '-']);
  });

  it('should write empty values for a deleted mentor and pembimbing', () => {
    const row = pesertaToCsvRow({ ...(exported.SMK[0] as CsvExportPeserta), mentor: null, pembimbing: null }, 'SMK');
    expect(row[5]).toBe('');
    expect(row.at(-1)).toBe('');
  });

  it.each(['SMK', 'Mahasiswa'] as const)('should import a %s export back to the same participants', (jenjang) => {
    const header = csvHeader(jenjang);
    // What papaparse (header: true) gives for an exported line: the extra value in __parsed_extra.
    const parsed = exported[jenjang].map((p) => {
      const cells = pesertaToCsvRow(p, jenjang);
      return { ...Object.fromEntries(header.map((column, i) => [column, cells[i]])), __parsed_extra: cells.slice(header.length) };
    });
    const { valid, errors } = mapCsvRows(parsed, jenjang, lookups);
    expect(errors).toEqual([]);
    const back = valid.map(({ payload }) => ({
      nama: payload.nama,
      instansi: lookups.instansi.find((row) => row.id === payload.instansi_id),
      divisi: lookups.divisi.find((row) => row.id === payload.divisi_id),
      mentor: lookups.mentors.find((row) => row.id === payload.mentor_id),
      pembimbing: lookups.pembimbing.find((row) => row.id === payload.pembimbing_id),
      nama_pembimbing: payload.nama_pembimbing,
      kontak_pembimbing: payload.kontak_pembimbing,
      tanggal_masuk: payload.tanggal_masuk,
      tanggal_selesai: payload.tanggal_selesai,
      siswa: payload.jenjang === 'SMK' ? { nis: payload.nis, jurusan: payload.jurusan } : null,
      mahasiswa: payload.jenjang === 'Mahasiswa' ? { nim: payload.nim, jurusan: payload.jurusan_mahasiswa, fakultas: payload.fakultas } : null,
    }));
    expect(back).toEqual(
      exported[jenjang].map((p) => ({
        ...p,
        instansi: expect.objectContaining(p.instansi),
        divisi: expect.objectContaining(p.divisi),
        mentor: expect.objectContaining(p.mentor),
        pembimbing: expect.objectContaining(p.pembimbing),
      })),
    );
    // And exporting the imported participants gives the same lines again.
    expect(back.map((p) => pesertaToCsvRow(p, jenjang))).toEqual(exported[jenjang].map((p) => pesertaToCsvRow(p, jenjang)));
  });
});
