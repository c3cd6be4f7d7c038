import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNilai, saveNilai } from '@/features/approval/save-nilai';
import { submitChange } from '@/sync/submit';

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
