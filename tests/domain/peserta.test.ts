import { describe, expect, it } from 'vitest';
import {
  PESERTA_BULK_MAX,
  PESERTA_MSG,
  PESERTA_REQUIRED_FIELDS,
  PESERTA_TITLES,
  isBlankField,
  pesertaBulkRequestSchema,
  pesertaCreateSchema,
  pesertaImportSchema,
  pesertaListQuerySchema,
  pesertaListResponseSchema,
  pesertaUpdateSchema,
} from '../../src/domain/peserta';

const smk = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  jenjang: 'SMK',
  nama: 'Budi',
  instansi_id: '1',
  nis: '0061',
  jurusan: 'TKJ',
  nama_pembimbing: 'Ibu Ratna',
  kontak_pembimbing: '6281',
  tanggal_masuk: '2026-01-05',
  tanggal_selesai: '2026-04-03',
  divisi_id: 2,
  mentor_id: '3',
  pembimbing_id: 4,
  ...overrides,
});
const mahasiswa = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...smk({ jenjang: 'Mahasiswa', nis: undefined, jurusan: undefined }),
  nim: '2106',
  jurusan_mahasiswa: 'Sistem Informasi',
  fakultas: 'FASILKOM',
  ...overrides,
});
const message = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('isBlankField', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['  ', true],
    ['x', false],
    [0, false],
    [false, false],
  ])('should judge %j as %s', (value, expected) => {
    expect(isBlankField(value)).toBe(expected);
  });
});

describe('pesertaCreateSchema', () => {
  it('should accept an SMK payload, turning numeric strings into ids, trimming texts and dropping other fields', () => {
    expect(pesertaCreateSchema.parse(smk({ nama: ' Budi ', nim: 'ignored', extra: 1 }))).toEqual({
      jenjang: 'SMK',
      nama: 'Budi',
      instansi_id: 1,
      nis: '0061',
      jurusan: 'TKJ',
      nama_pembimbing: 'Ibu Ratna',
      kontak_pembimbing: '6281',
      tanggal_masuk: '2026-01-05',
      tanggal_selesai: '2026-04-03',
      divisi_id: 2,
      mentor_id: 3,
      pembimbing_id: 4,
    });
  });

  it('should accept a Mahasiswa payload, with jurusan standing in for a missing jurusan_mahasiswa', () => {
    expect(pesertaCreateSchema.parse(mahasiswa())).toMatchObject({ nim: '2106', jurusan_mahasiswa: 'Sistem Informasi', fakultas: 'FASILKOM' });
    expect(pesertaCreateSchema.parse(mahasiswa({ jurusan_mahasiswa: '', jurusan: 'Akuntansi' }))).toMatchObject({
      jurusan_mahasiswa: 'Akuntansi',
    });
  });

  const required = (['SMK', 'Mahasiswa'] as const).flatMap((jenjang) =>
    [...PESERTA_REQUIRED_FIELDS[jenjang], 'jenjang'].flatMap((field) => [undefined, null, '', ' \t'].map((value) => [jenjang, field, value] as const)),
  );
  it.each(required)('should answer "Semua field wajib diisi" for a %s payload with %s = %j', (jenjang, field, value) => {
    const payload = jenjang === 'SMK' ? smk() : mahasiswa();
    payload[field] = value;
    expect(message(pesertaCreateSchema, payload)).toBe(PESERTA_MSG.required);
  });

  it('should name the level fields required: fakultas for Mahasiswa, not for SMK', () => {
    expect(PESERTA_REQUIRED_FIELDS.Mahasiswa).toContain('fakultas');
    expect(PESERTA_REQUIRED_FIELDS.SMK).not.toContain('fakultas');
    expect(pesertaCreateSchema.safeParse(smk({ fakultas: undefined })).success).toBe(true);
  });

  it('should report a missing field before an invalid one', () => {
    expect(message(pesertaCreateSchema, smk({ mentor_id: 'abc', nama: '' }))).toBe(PESERTA_MSG.required);
  });

  it.each([
    [{ jenjang: 'Siswa' }, 'Jenjang tidak valid'],
    [{ instansi_id: 'satu' }, 'Instansi tidak valid'],
    [{ divisi_id: 0 }, 'Divisi tidak valid'],
    [{ mentor_id: 1.5 }, 'Mentor tidak valid'],
    [{ pembimbing_id: '1e3' }, 'Pembimbing tidak valid'],
    [{ pembimbing_id: 2_147_483_648 }, 'Pembimbing tidak valid'],
    [{ mentor_id: true }, 'Mentor tidak valid'],
    [{ nama: 7 }, 'Nama tidak valid'],
    [{ nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
    [{ nis: 'x'.repeat(201) }, 'NIS maksimal 200 karakter'],
    [{ nama_pembimbing: 'x'.repeat(201) }, 'Nama pembimbing maksimal 200 karakter'],
    [{ tanggal_masuk: '2026-02-30' }, 'Tanggal masuk tidak valid'],
    [{ tanggal_masuk: '05/01/2026' }, 'Tanggal masuk tidak valid'],
    [{ tanggal_masuk: '1900-01-01' }, 'Tanggal masuk harus antara 1 Januari 2000 dan 31 Desember 2100'],
    [{ tanggal_selesai: '9999-12-31' }, 'Tanggal selesai harus antara 1 Januari 2000 dan 31 Desember 2100'],
    [{ tanggal_selesai: 20260101 }, 'Tanggal selesai tidak valid'],
    [{ tanggal_selesai: '2026-01-04' }, PESERTA_MSG.dateOrder],
  ])('should refuse %j with its message', (override, expected) => {
    expect(message(pesertaCreateSchema, smk(override))).toBe(expected);
  });

  it.each([[[]], ['text'], [null], [42]])('should answer "Data tidak valid" for the body %j', (body) => {
    expect(message(pesertaCreateSchema, body)).toBe('Data tidak valid');
  });

  it('should accept equal start and end dates, and a name of exactly 200 characters', () => {
    expect(pesertaCreateSchema.safeParse(smk({ tanggal_selesai: '2026-01-05', nama: 'x'.repeat(200) })).success).toBe(true);
  });

  it('should refuse an empty fakultas on add, which the import schema accepts (CSV "-")', () => {
    expect(message(pesertaCreateSchema, mahasiswa({ fakultas: '' }))).toBe(PESERTA_MSG.required);
    expect(pesertaImportSchema.parse(mahasiswa({ fakultas: '' })).jenjang).toBe('Mahasiswa');
    expect(pesertaImportSchema.parse(mahasiswa({ fakultas: '  ' }))).toMatchObject({ fakultas: '' });
    expect(message(pesertaImportSchema, mahasiswa({ fakultas: undefined }))).toBe(PESERTA_MSG.required);
    expect(message(pesertaImportSchema, mahasiswa({ fakultas: null }))).toBe(PESERTA_MSG.required);
  });
});

describe('pesertaUpdateSchema', () => {
  it('should keep only the non-empty fields and require none', () => {
    expect(pesertaUpdateSchema.parse({})).toEqual({});
    expect(pesertaUpdateSchema.parse({ nama: '', mentor_id: '5', jurusan: ' ', fakultas: null, tanggal_masuk: '2026-01-01' })).toEqual({
      mentor_id: 5,
      tanggal_masuk: '2026-01-01',
    });
  });

  it.each([
    [{ jenjang: 'Siswa' }, 'Jenjang tidak valid'],
    [{ mentor_id: 'x' }, 'Mentor tidak valid'],
    [{ nama: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
    [{ tanggal_selesai: '2026-02-30' }, 'Tanggal selesai tidak valid'],
    [{ tanggal_masuk: '2026-03-01', tanggal_selesai: '2026-02-01' }, PESERTA_MSG.dateOrder],
    [[], 'Data tidak valid'],
  ])('should refuse %j', (body, expected) => {
    expect(message(pesertaUpdateSchema, body)).toBe(expected);
  });

  it('should accept the level echoed back', () => {
    expect(pesertaUpdateSchema.parse({ jenjang: 'Mahasiswa', nim: '1' })).toEqual({ jenjang: 'Mahasiswa', nim: '1' });
  });
});

describe('query, bulk and answer schemas', () => {
  it.each([
    [{}, true],
    [{ jenjang: '' }, true],
    [{ jenjang: 'SMK', since: '12345' }, true],
    [{ jenjang: 'Siswa' }, false],
    [{ since: 'abc' }, false],
    [{ since: '1'.repeat(16) }, false],
  ])('should read the list query %j: %s', (query, ok) => {
    expect(pesertaListQuerySchema.safeParse(query).success).toBe(ok);
  });

  it.each([
    [{ rows: [] }, PESERTA_MSG.required],
    [{ jenjang: 'X', rows: [] }, 'Jenjang tidak valid'],
    [{ jenjang: 'SMK', rows: 'x' }, 'Rows tidak valid'],
    [{ jenjang: 'SMK', rows: new Array(PESERTA_BULK_MAX + 1).fill({}) }, `Maksimal ${PESERTA_BULK_MAX} baris per import`],
  ])('should refuse the bulk body %#', (body, expected) => {
    expect(message(pesertaBulkRequestSchema, body)).toBe(expected);
  });

  it('should read a list answer with a cursor and deletions', () => {
    const row = {
      id: 1, nama: 'A', jenjang: 'SMK', instansi_id: 1, instansi: { nama: 'SMK 1' }, divisi_id: 2, divisi: { id: 2, nama: 'TI' },
      mentor_id: null, mentor: null, pembimbing_id: 3, pembimbing: { username: 'pembimbing' }, nama_pembimbing: 'X',
      kontak_pembimbing: '62', tanggal_masuk: '2026-01-01', tanggal_selesai: '2026-02-01', siswa: { nis: '1', jurusan: 'J' },
      mahasiswa: null, status: { is_complete: false }, reviews: [{ role_reviewer: 'HR', status: 'Menunggu', catatan: null }], nilai: [{ kompetensi_id: 5, skor: 80 }],
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(pesertaListResponseSchema.parse({ data: [row], deleted: [4], cursor: '9' }).data[0]?.mentor).toBeNull();
  });
});

describe('PESERTA_MSG and titles', () => {
  it('should hold the participant texts', () => {
    expect(PESERTA_MSG).toMatchObject({
      required: 'Semua field wajib diisi',
      deleteConfirm: 'Yakin ingin menghapus peserta ini?',
      loadFailed: 'Gagal memuat data',
      saveFailed: 'Gagal menyimpan data',
      deleteFailed: 'Gagal menghapus data',
      detailLoadFailed: 'Gagal memuat data peserta',
    });
    expect(PESERTA_MSG.noneAvailable('mentor')).toBe('Tidak ada mentor tersedia');
    expect(PESERTA_TITLES.Mahasiswa).toMatchObject({
      list: 'Daftar Peserta Mahasiswa',
      add: 'Tambah Peserta Mahasiswa',
      edit: 'Edit Peserta Mahasiswa',
      delete: 'Hapus Peserta Mahasiswa',
      detail: 'Detail Peserta Mahasiswa',
      search: 'Cari Nama atau Kampus',
    });
    expect(PESERTA_TITLES.SMK).toMatchObject({ list: 'Daftar Peserta Siswa', search: 'Cari Nama atau Sekolah' });
  });
});
