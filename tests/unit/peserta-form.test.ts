import { describe, expect, it } from 'vitest';
import type { Peserta } from '@/domain/peserta';
import { EMPTY_PESERTA_INPUT, checkCreate, checkUpdate, formKeys, pesertaToInput, type PesertaFormInput } from '@/features/peserta/peserta-form';

const filled: PesertaFormInput = {
  nama: ' Rina Marlina ',
  nomor: '0061234599',
  jurusan: 'TKJ',
  fakultas: 'Fakultas Teknik',
  instansi_id: '1',
  nama_pembimbing: 'Bu Sari',
  kontak_pembimbing: '6281200001111',
  divisi_id: '2',
  mentor_id: '3',
  pembimbing_id: '4',
  tanggal_masuk: '2026-01-05',
  tanggal_selesai: '2026-04-03',
};

const stored = {
  id: 9,
  nama: 'Ayu',
  jenjang: 'Mahasiswa',
  instansi_id: 4,
  instansi: { nama: 'Universitas Indonesia' },
  divisi_id: 2,
  divisi: { id: 2, nama: 'Keuangan' },
  mentor_id: 3,
  mentor: { username: 'mentor' },
  pembimbing_id: null,
  pembimbing: null,
  nama_pembimbing: 'Dr. Lestari',
  kontak_pembimbing: '6281211223344',
  tanggal_masuk: '2026-02-02',
  tanggal_selesai: '2026-07-31',
  siswa: null,
  mahasiswa: { nim: '2106705678', jurusan: 'Akuntansi', fakultas: 'FEB' },
  status: { is_complete: false },
  reviews: [],
  nilai: [],
  updated_at: '2026-01-01T00:00:00Z',
} satisfies Peserta;

describe('checkCreate', () => {
  it("should refuse an empty form with 'Semua field wajib diisi' and mark every field", () => {
    const check = checkCreate(EMPTY_PESERTA_INPUT, 'SMK');
    expect(check).toEqual({ ok: false, message: 'Semua field wajib diisi', invalid: formKeys('SMK') });
    expect(formKeys('SMK')).not.toContain('fakultas');
  });

  it.each(['nama', 'nomor', 'instansi_id', 'mentor_id', 'tanggal_selesai'] as const)('should refuse a form without %s', (key) => {
    expect(checkCreate({ ...filled, [key]: '  ' }, 'SMK')).toEqual({ ok: false, message: 'Semua field wajib diisi', invalid: [key] });
  });

  it('should require fakultas for Mahasiswa only', () => {
    expect(checkCreate({ ...filled, fakultas: '' }, 'Mahasiswa')).toMatchObject({ ok: false, message: 'Semua field wajib diisi', invalid: ['fakultas'] });
    expect(checkCreate({ ...filled, fakultas: '' }, 'SMK').ok).toBe(true);
  });

  it('should build the SMK payload with nis and jurusan, ids as numbers, text trimmed', () => {
    const check = checkCreate(filled, 'SMK');
    expect(check).toEqual({
      ok: true,
      payload: {
        jenjang: 'SMK',
        nama: 'Rina Marlina',
        nis: '0061234599',
        jurusan: 'TKJ',
        instansi_id: 1,
        nama_pembimbing: 'Bu Sari',
        kontak_pembimbing: '6281200001111',
        divisi_id: 2,
        mentor_id: 3,
        pembimbing_id: 4,
        tanggal_masuk: '2026-01-05',
        tanggal_selesai: '2026-04-03',
      },
    });
  });

  it('should build the Mahasiswa payload with nim, jurusan_mahasiswa and fakultas', () => {
    const check = checkCreate(filled, 'Mahasiswa');
    expect(check.ok && check.payload).toMatchObject({ jenjang: 'Mahasiswa', nim: '0061234599', jurusan_mahasiswa: 'TKJ', fakultas: 'Fakultas Teknik' });
  });

  it('should refuse an end date before the start date', () => {
    expect(checkCreate({ ...filled, tanggal_selesai: '2026-01-01' }, 'SMK')).toEqual({
      ok: false,
      message: 'Tanggal selesai tidak boleh sebelum tanggal masuk',
      invalid: ['tanggal_selesai'],
    });
  });
});

describe('pesertaToInput / checkUpdate', () => {
  const initial = pesertaToInput(stored);

  it('should start the edit form from the stored participant', () => {
    expect(initial).toMatchObject({ nama: 'Ayu', nomor: '2106705678', jurusan: 'Akuntansi', fakultas: 'FEB', instansi_id: '4', pembimbing_id: '' });
  });

  it('should send nothing when nothing changed', () => {
    expect(checkUpdate(initial, initial, 'Mahasiswa')).toEqual({ ok: true, payload: {} });
  });

  it('should send only the filled-in changed fields, under the API names', () => {
    const input = { ...initial, nama: 'Ayu Permata', jurusan: 'Manajemen', kontak_pembimbing: '', mentor_id: '7', pembimbing_id: '' };
    expect(checkUpdate(input, initial, 'Mahasiswa')).toEqual({ ok: true, payload: { nama: 'Ayu Permata', jurusan_mahasiswa: 'Manajemen', mentor_id: 7 } });
  });

  it('should use nis and jurusan for SMK', () => {
    const smk = { ...initial, nomor: '123', jurusan: 'RPL' };
    expect(checkUpdate(smk, initial, 'SMK')).toEqual({ ok: true, payload: { nis: '123', jurusan: 'RPL' } });
  });

  it('should check the date order against the stored date when only one date changes', () => {
    expect(checkUpdate({ ...initial, tanggal_selesai: '2026-01-01' }, initial, 'Mahasiswa')).toMatchObject({ ok: false, invalid: ['tanggal_selesai'] });
    expect(checkUpdate({ ...initial, tanggal_masuk: '2026-03-01' }, initial, 'Mahasiswa')).toEqual({ ok: true, payload: { tanggal_masuk: '2026-03-01' } });
  });
});
