import { describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_ITEMS, gradeChip, gradeFor, gradeTemplateSchema } from '@/domain/grade';
import {
  divisiSchema,
  instansiSchema,
  instansiUpdateSchema,
  kompetensiSchema,
  kompetensiUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
} from '@/domain/master-data';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('master-data schemas', () => {
  it.each([
    ['divisi without a name', divisiSchema, { nama: '  ' }, 'Nama divisi wajib diisi'],
    ['kompetensi without a name', kompetensiSchema, { nama: '', jenjang: 'SMK' }, 'Nama kompetensi wajib diisi'],
    ['instansi without a name', instansiSchema, { nama: '', jenis: 'Kampus' }, 'Nama dan jenis instansi wajib diisi'],
    ['instansi without a type', instansiSchema, { nama: 'SMK Negeri 1', jenis: '' }, 'Nama dan jenis instansi wajib diisi'],
    ['user without a username', userCreateSchema, { employee_id: 'E1', username: '', password: 'abcd' }, 'Username wajib diisi'],
    ['user with a 3-character password', userCreateSchema, { employee_id: 'E1', username: 'a', password: 'abc' }, 'Password minimal 4 karakter'],
  ] as const)('should refuse %s', (_name, schema, body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });

  it('should require the role of a new user (no default)', () => {
    expect(firstMessage(userCreateSchema.safeParse({ employee_id: 'E1', username: 'budi', password: 'abcd' }))).toBe('Role wajib diisi');
    expect(firstMessage(userCreateSchema.safeParse({ employee_id: 'E1', username: 'budi', password: 'abcd', role: 'Admin' }))).toBe(
      'Role tidak valid',
    );
    expect(userCreateSchema.parse({ employee_id: 'E1', username: 'budi', password: 'abcd', role: 'HR' }).role).toBe('HR');
  });

  it('should drop an empty password on edit and keep a filled one', () => {
    expect(userUpdateSchema.parse({ username: 'budi', role: 'Mentor', password: '' }).password).toBeUndefined();
    expect(userUpdateSchema.parse({ username: 'budi', role: 'Mentor', password: 'rahasia' }).password).toBe('rahasia');
  });

  it('should default kompetensi to active with no divisions', () => {
    expect(kompetensiSchema.parse({ nama: 'Pelayanan Pelanggan', jenjang: 'Mahasiswa' })).toEqual({
      nama: 'Pelayanan Pelanggan',
      jenjang: 'Mahasiswa',
      aktif: true,
      divisi_ids: [],
    });
  });
});

describe('grade templates', () => {
  it("should show chips like 'A ≥ 86 (Sangat Memuaskan)'", () => {
    expect(DEFAULT_GRADE_ITEMS.map(gradeChip)).toEqual([
      'A ≥ 86 (Sangat Memuaskan)',
      'B ≥ 71 (Memuaskan)',
      'C ≥ 0 (Cukup Memuaskan)',
    ]);
  });

  it.each([
    [100, 'A'], [86, 'A'], [85, 'B'], [71, 'B'], [70, 'C'], [0, 'C'],
  ])('should grade %i as %s with the default thresholds', (skor, huruf) => {
    expect(gradeFor(skor)?.huruf).toBe(huruf);
  });

  it.each([
    ['a letter over 2 characters', { huruf: 'ABC', min: 50, predikat: 'x' }, 'Huruf maksimal 2 karakter'],
    ['a min over 100', { huruf: 'A', min: 101, predikat: 'x' }, undefined],
    ['an empty predikat', { huruf: 'A', min: 80, predikat: ' ' }, 'Predikat wajib diisi'],
  ])('should refuse %s', (_name, item, message) => {
    const result = gradeTemplateSchema.safeParse({ nama: 'T', kategori: 'SMK', items: [item] });
    expect(result.success).toBe(false);
    if (message) expect(firstMessage(result)).toBe(message);
  });

  it('should need at least one grade row', () => {
    expect(firstMessage(gradeTemplateSchema.safeParse({ nama: 'T', kategori: 'SMK', items: [] }))).toBe('Minimal satu grade');
  });
});

describe('master-data schemas: missing fields and edit payloads', () => {
  it.each([
    ['instansi without any jenis', instansiSchema, { nama: 'SMK Negeri 1' }, 'Nama dan jenis instansi wajib diisi'],
    ['instansi with an unknown jenis', instansiSchema, { nama: 'SMK Negeri 1', jenis: 'Universitas' }, 'Jenis instansi tidak valid'],
    ['divisi with a null name', divisiSchema, { nama: null }, 'Nama divisi wajib diisi'],
    ['kompetensi without a jenjang', kompetensiSchema, { nama: 'K' }, 'Jenjang wajib diisi'],
    ['kompetensi with a string division id', kompetensiSchema, { nama: 'K', jenjang: 'SMK', divisi_ids: ['1'] }, 'Divisi tidak valid'],
    ['a template with a min as text', gradeTemplateSchema, { nama: 'T', kategori: 'SMK', items: [{ huruf: 'A', min: '80', predikat: 'x' }] }, 'Nilai minimum harus antara 0-100'],
  ] as const)('should refuse %s', (_name, schema, body, message) => {
    expect(firstMessage(schema.safeParse(body))).toBe(message);
  });

  it('should read a blank or absent jenis on edit as "unchanged"', () => {
    for (const jenis of [undefined, null, '']) {
      expect(instansiUpdateSchema.parse({ nama: 'X', jenis }).jenis).toBeUndefined();
    }
    expect(instansiUpdateSchema.parse({ nama: 'X', jenis: 'Kampus' }).jenis).toBe('Kampus');
  });

  it('should leave aktif and divisi_ids out of a kompetensi edit that does not send them', () => {
    expect(kompetensiUpdateSchema.parse({ nama: 'K', jenjang: 'SMK' })).toEqual({ nama: 'K', jenjang: 'SMK' });
  });

  it('should treat a null password on edit as "unchanged" and a null description as empty', () => {
    expect(userUpdateSchema.parse({ username: 'budi', role: 'HR', password: null }).password).toBeUndefined();
    expect(gradeTemplateSchema.parse({ nama: 'T', kategori: 'SMK', deskripsi: null, items: DEFAULT_GRADE_ITEMS }).deskripsi).toBe('');
  });
});
