import { z } from 'zod';
import type { Jenjang } from '@/domain/master-data';
import {
  type Peserta,
  type PesertaCreate,
  type PesertaUpdate,
  PESERTA_MSG,
  isBlankField,
  pesertaCreateSchema,
  pesertaUpdateSchema,
} from '@/domain/peserta';

/**
 * The participant form's values, all text as the controls hold them (ids as the select's
 * value). `nomor` is the NIS (SMK) or NIM (Mahasiswa); `fakultas` is used by Mahasiswa only.
 */
export const pesertaFormInputSchema = z.object({
  nama: z.string(),
  nomor: z.string(),
  jurusan: z.string(),
  fakultas: z.string(),
  instansi_id: z.string(),
  nama_pembimbing: z.string(),
  kontak_pembimbing: z.string(),
  divisi_id: z.string(),
  mentor_id: z.string(),
  pembimbing_id: z.string(),
  tanggal_masuk: z.string(),
  tanggal_selesai: z.string(),
});
export type PesertaFormInput = z.infer<typeof pesertaFormInputSchema>;
export type PesertaFormKey = keyof PesertaFormInput;

/** An empty add form. */
export const EMPTY_PESERTA_INPUT: PesertaFormInput = {
  nama: '',
  nomor: '',
  jurusan: '',
  fakultas: '',
  instansi_id: '',
  nama_pembimbing: '',
  kontak_pembimbing: '',
  divisi_id: '',
  mentor_id: '',
  pembimbing_id: '',
  tanggal_masuk: '',
  tanggal_selesai: '',
};

/** The form's fields of a level, in form order (Mahasiswa adds fakultas). */
export function formKeys(jenjang: Jenjang): PesertaFormKey[] {
  const keys = Object.keys(EMPTY_PESERTA_INPUT) as PesertaFormKey[];
  return jenjang === 'SMK' ? keys.filter((key) => key !== 'fakultas') : keys;
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

/** The edit form's starting values: the participant as stored. */
export function pesertaToInput(row: Peserta): PesertaFormInput {
  const detail = row.jenjang === 'SMK' ? row.siswa : row.mahasiswa;
  return {
    nama: row.nama,
    nomor: (row.jenjang === 'SMK' ? row.siswa?.nis : row.mahasiswa?.nim) ?? '',
    jurusan: detail?.jurusan ?? '',
    fakultas: row.mahasiswa?.fakultas ?? '',
    instansi_id: idText(row.instansi_id),
    nama_pembimbing: row.nama_pembimbing,
    kontak_pembimbing: row.kontak_pembimbing,
    divisi_id: idText(row.divisi_id),
    mentor_id: idText(row.mentor_id),
    pembimbing_id: idText(row.pembimbing_id),
    tanggal_masuk: row.tanggal_masuk,
    tanggal_selesai: row.tanggal_selesai,
  };
}

/** The API's name of each form field per level (SMK nis + jurusan, Mahasiswa nim + jurusan_mahasiswa + fakultas). */
function apiKey(key: PesertaFormKey, jenjang: Jenjang): string {
  if (key === 'nomor') return jenjang === 'SMK' ? 'nis' : 'nim';
  if (key === 'jurusan') return jenjang === 'SMK' ? 'jurusan' : 'jurusan_mahasiswa';
  return key;
}

/** Outcome of checking the form: the payload to send, or the message and the fields to mark. */
type FormCheck<P> = { ok: true; payload: P } | { ok: false; message: string; invalid: PesertaFormKey[] };

/**
 * The add payload, or 'Semua field wajib diisi' with the blank fields when any is empty
 * (fakultas too, for Mahasiswa), or the first other rule's message (date order, lengths).
 */
export function checkCreate(input: PesertaFormInput, jenjang: Jenjang): FormCheck<PesertaCreate> {
  const keys = formKeys(jenjang);
  const blank = keys.filter((key) => isBlankField(input[key]));
  if (blank.length > 0) return { ok: false, message: PESERTA_MSG.required, invalid: blank };
  const body: Record<string, string> = { jenjang };
  for (const key of keys) body[apiKey(key, jenjang)] = input[key].trim();
  const parsed = pesertaCreateSchema.safeParse(body);
  if (parsed.success) return { ok: true, payload: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? PESERTA_MSG.required, invalid: invalidKeys(parsed.error, jenjang) };
}

/**
 * The edit payload: only the fields that are filled in and differ from `initial`;
 * blank fields are left out (they keep their stored value). The dates are checked in their
 * final combination, so moving one date before the other is refused before sending.
 */
export function checkUpdate(input: PesertaFormInput, initial: PesertaFormInput, jenjang: Jenjang): FormCheck<PesertaUpdate> {
  const body: Record<string, string> = {};
  for (const key of formKeys(jenjang)) {
    const value = input[key].trim();
    if (value !== '' && value !== initial[key].trim()) body[apiKey(key, jenjang)] = value;
  }
  const masuk = input.tanggal_masuk.trim() || initial.tanggal_masuk;
  const selesai = input.tanggal_selesai.trim() || initial.tanggal_selesai;
  if (masuk !== '' && selesai !== '' && selesai < masuk) {
    return { ok: false, message: PESERTA_MSG.dateOrder, invalid: ['tanggal_selesai'] };
  }
  const parsed = pesertaUpdateSchema.safeParse(body);
  if (parsed.success) return { ok: true, payload: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? PESERTA_MSG.saveFailed, invalid: invalidKeys(parsed.error, jenjang) };
}

function invalidKeys(error: z.ZodError, jenjang: Jenjang): PesertaFormKey[] {
  const byApiKey = new Map(formKeys(jenjang).map((key) => [apiKey(key, jenjang), key]));
  return error.issues.map((issue) => byApiKey.get(String(issue.path[0] ?? ''))).filter((key): key is PesertaFormKey => key !== undefined);
}
