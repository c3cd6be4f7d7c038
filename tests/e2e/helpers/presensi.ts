// Attendance in the browser suite: participants of the demo mentor added through the API, and
// their marks as the server holds them (read as HR).
import { apiPost, apiToken } from './master-data';
import { apiGet } from './nilai';

interface PesertaRow {
  id: number;
  jenjang: string;
  instansi_id: number;
  divisi_id: number;
  mentor_id: number;
  pembimbing_id: number;
}

/**
 * Adds SMK participants `names` for the demo mentor (its division, school and Pembimbing) with
 * the internship `from`–`to`; their ids by name, and the mentor's and the model's ids.
 */
export async function addMentorPeserta(
  url: string,
  names: readonly string[],
  period: { from: string; to: string },
  nisPrefix: string,
): Promise<{ ids: Map<string, number>; mentorId: number; divisiId: number }> {
  const hr = await apiToken(url, 'hr');
  const { data: all } = await apiGet<{ data: PesertaRow[] }>(url, 'hr', '/api/peserta');
  const users = await apiGet<{ data: { id: number; username: string }[] }>(url, 'hr', '/api/users');
  const mentorId = users.data.find((user) => user.username === 'mentor')!.id;
  const model = all.find((p) => p.jenjang === 'SMK' && p.mentor_id === mentorId)!;
  const ids = new Map<string, number>();
  for (const [i, nama] of names.entries()) {
    const created = (await apiPost(url, hr, '/api/peserta', {
      jenjang: 'SMK',
      nama,
      instansi_id: model.instansi_id,
      divisi_id: model.divisi_id,
      mentor_id: mentorId,
      pembimbing_id: model.pembimbing_id,
      nama_pembimbing: 'Ibu Sari',
      kontak_pembimbing: '6281234567890',
      tanggal_masuk: period.from,
      tanggal_selesai: period.to,
      nis: `${nisPrefix}-${i + 1}`,
      jurusan: 'Akuntansi',
    })) as { data: { id: number } };
    ids.set(nama, created.data.id);
  }
  return { ids, mentorId, divisiId: model.divisi_id };
}

/** A participant's marks as the server holds them, read as HR. */
export async function marksOnServer(url: string, pesertaId: number): Promise<{ tanggal: string; status: string; catatan: string | null }[]> {
  const answer = await apiGet<{ data: { tanggal: string; status: string; catatan: string | null }[] }>(url, 'hr', `/api/presensi/peserta/${pesertaId}`);
  return answer.data.map(({ tanggal, status, catatan }) => ({ tanggal, status, catatan }));
}
