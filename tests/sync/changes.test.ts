import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decideReview, resetNilai, saveNilai, savePresensi } from '@/sync/changes';
import { submitChange } from '@/sync/submit';
import { db } from '@/db/db';

vi.mock('@/sync/submit', () => ({ submitChange: vi.fn() }));
const submit = vi.mocked(submitChange);

const input = { user: 2, role: 'HR', pesertaId: 7, nilai: [{ peserta_id: 7, kompetensi_id: 1, skor: 80 }] };
const RELOADED = 'Data terbaru telah dimuat, silakan refresh halaman.';

beforeEach(() => {
  submit.mockReset();
});

describe("an approver's score save (Edit Nilai)", () => {
  it("should say 'Gagal memperbarui data' when the save fails", async () => {
    submit.mockRejectedValue(new Error('IndexedDB closed'));
    expect(await saveNilai(input, true)).toEqual({ outcome: 'refused', message: 'Gagal memperbarui data' });
  });

  it("should say 'Gagal memperbarui data' and that the latest data was loaded when a refusal brings no text", async () => {
    submit.mockResolvedValue({ outcome: 'refused', message: '' });
    expect(await saveNilai(input, true)).toEqual({ outcome: 'refused', message: `Gagal memperbarui data ${RELOADED}` });
  });

  it("should keep the refusal's own text when it has one", async () => {
    const lock = 'Nilai tidak dapat diubah karena BusHead sudah melakukan approval';
    submit.mockResolvedValue({ outcome: 'refused', message: lock });
    expect(await saveNilai(input, true)).toEqual({ outcome: 'refused', message: `${lock} ${RELOADED}` });
  });

  it("should report 'Nilai berhasil disimpan' once sent", async () => {
    submit.mockResolvedValue({ outcome: 'sent' });
    expect(await saveNilai(input, true)).toEqual({ outcome: 'sent', message: 'Nilai berhasil disimpan' });
  });

  it("should keep 'Gagal menghapus nilai' for a failed 'Reset Semua'", async () => {
    submit.mockRejectedValue(new Error('IndexedDB closed'));
    expect(await resetNilai({ user: 2, role: 'HR', pesertaId: 7 }, true)).toEqual({ outcome: 'refused', message: 'Gagal menghapus nilai' });
  });
});

describe("the mentor's score save (Penilaian)", () => {
  const mentor = { ...input, user: 3, role: 'Mentor' };

  it("should say 'Gagal menyimpan nilai' when the save fails", async () => {
    submit.mockRejectedValue(new Error('IndexedDB closed'));
    expect(await saveNilai(mentor, true)).toEqual({ outcome: 'refused', message: 'Gagal menyimpan nilai' });
  });

  it("should say 'Gagal menyimpan nilai' and that the latest data was loaded when a refusal brings no text", async () => {
    submit.mockResolvedValue({ outcome: 'refused', message: '' });
    expect(await saveNilai(mentor, true)).toEqual({ outcome: 'refused', message: `Gagal menyimpan nilai ${RELOADED}` });
  });

  it("should say 'Tersimpan di perangkat, menunggu koneksi' when kept on the device", async () => {
    submit.mockResolvedValue({ outcome: 'queued' });
    expect(await saveNilai(mentor, false)).toEqual({ outcome: 'queued', message: 'Tersimpan di perangkat, menunggu koneksi' });
  });
});

describe('an approval decision', () => {
  const decision = { user: 4, role: 'Pembimbing', pesertaId: 7 };

  it("should report the server's success text of each action", async () => {
    submit.mockResolvedValue({ outcome: 'sent' });
    expect(await decideReview({ ...decision, action: 'approve' }, [], true)).toEqual({ outcome: 'sent', message: 'Berhasil menyetujui peserta' });
    expect(await decideReview({ ...decision, action: 'reject', catatan: 'kurang' }, [], true)).toEqual({
      outcome: 'sent',
      message: 'Berhasil menolak peserta',
    });
  });

  it("should keep a refusal's own text, without the reload sentence, and the server's error as its title", async () => {
    submit.mockResolvedValue({ outcome: 'refused', message: 'Data telah berubah.', title: 'Conflict' });
    expect(await decideReview({ ...decision, action: 'approve' }, [], true)).toEqual({
      outcome: 'refused',
      message: 'Data telah berubah.',
      title: 'Conflict',
    });
  });

  it('should name the failed action when it could not be made', async () => {
    submit.mockRejectedValue(new Error('IndexedDB closed'));
    expect(await decideReview({ ...decision, action: 'approve' }, [], true)).toEqual({ outcome: 'refused', message: 'Gagal menyetujui peserta' });
    expect(await decideReview({ ...decision, action: 'reject', catatan: 'x' }, [], true)).toEqual({ outcome: 'refused', message: 'Gagal menolak peserta' });
  });

  it('should refuse a rejection without its reason, queueing nothing', async () => {
    expect(await decideReview({ ...decision, action: 'reject', catatan: '  ' }, [], true)).toEqual({
      outcome: 'refused',
      message: 'Alasan penolakan wajib diisi',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('should say the storage is full when nothing could be queued', async () => {
    submit.mockResolvedValue({ outcome: 'storage-full' });
    expect((await decideReview({ ...decision, action: 'approve' }, [], true)).message).toMatch(/^Penyimpanan perangkat penuh/);
  });
});

describe("a group's day of attendance", () => {
  const LOCKED = 'Presensi tidak dapat diubah. Pembimbing sudah memberi keputusan untuk peserta ini';
  const marks = Array.from({ length: 30 }, (_, i) => ({ peserta_id: 31 - i, tanggal: '2026-11-23', status: 'Hadir' }));
  const mentor = { user: 3, role: 'Mentor', marks };

  it('should queue the 30 marks as ONE change, named by its first participant', async () => {
    submit.mockResolvedValue({ outcome: 'queued' });
    expect(await savePresensi(mentor, false)).toEqual({ outcome: 'queued', message: 'Tersimpan di perangkat, menunggu koneksi' });
    expect(submit).toHaveBeenCalledTimes(1);
    const change = submit.mock.calls[0]![1];
    expect(change).toMatchObject({ user: 3, role: 'Mentor', kind: 'presensi.save', pesertaId: 2 });
    expect((change.payload as { presensi: unknown[] }).presensi).toHaveLength(30);
    expect(submit.mock.calls[0]![2]).toMatchObject({ online: false, keepRefusal: true });
  });

  it("should report 'Presensi berhasil disimpan' once sent, and a refusal with its own text alone", async () => {
    submit.mockResolvedValue({ outcome: 'sent' });
    expect(await savePresensi(mentor, true)).toEqual({ outcome: 'sent', message: 'Presensi berhasil disimpan' });
    submit.mockResolvedValue({ outcome: 'refused', message: LOCKED });
    expect(await savePresensi(mentor, true)).toEqual({ outcome: 'refused', message: LOCKED });
    submit.mockRejectedValue(new Error('IndexedDB closed'));
    expect(await savePresensi(mentor, true)).toEqual({ outcome: 'refused', message: 'Gagal menyimpan presensi' });
  });

  it('should refuse input the API would refuse, queueing nothing', async () => {
    const izin = [{ peserta_id: 1, tanggal: '2026-11-23', status: 'Izin', catatan: '  ' }];
    expect(await savePresensi({ ...mentor, marks: izin }, true)).toEqual({ outcome: 'refused', message: 'Catatan wajib diisi untuk Izin' });
    expect(await savePresensi({ ...mentor, marks: [] }, true)).toEqual({ outcome: 'refused', message: 'Minimal satu presensi' });
    const twice = [marks[0]!, { ...marks[0]!, status: 'Sakit' }];
    expect(await savePresensi({ ...mentor, marks: twice }, true)).toEqual({
      outcome: 'refused',
      message: 'Satu peserta hanya dapat ditandai sekali per tanggal dalam satu kiriman',
    });
    expect(submit).not.toHaveBeenCalled();
  });

  it('should send with each mark the status the device shows for its date, so that a date marked elsewhere since is refused', async () => {
    submit.mockResolvedValue({ outcome: 'queued' });
    await db.presensi.put({ peserta_id: 31, tanggal: '2026-11-23', status: 'Sakit', catatan: null });
    try {
      await savePresensi(mentor, false);
      const sent = (submit.mock.calls[0]![1].payload as { presensi: { peserta_id: number; sebelumnya: unknown }[] }).presensi;
      expect(sent.find((mark) => mark.peserta_id === 31)?.sebelumnya).toBe('Sakit');
      expect(sent.filter((mark) => mark.peserta_id !== 31).every((mark) => mark.sebelumnya === null)).toBe(true);
    } finally {
      await db.presensi.clear();
    }
  });
});
