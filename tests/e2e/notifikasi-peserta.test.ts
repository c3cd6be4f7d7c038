// A rejection notice leads to its participant even when the internship ended long ago. HR rejects
// a participant whose internship ended 300 days ago (outside every window); the mentor's and the
// Pembimbing's devices hold it while their notice is unread. The notice says what happens next
// (scores locked, only HR may cancel); following it opens the mentor's score modal — also from a
// new device after the notice was read elsewhere — and on the Pembimbing's phone its 'Detail Approval'.
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jakartaDate } from '../../src/domain/dates';
import { NILAI_MSG } from '../../src/domain/nilai';
import { kompetensiFor } from '../../src/domain/nilai-view';
import { addDays } from '../../src/domain/presensi';
import { DESKTOP, PHONE, login, newContext } from './helpers/browser';
import { apiPost, apiToken, dialog } from './helpers/master-data';
import { apiGet, apiSend } from './helpers/nilai';
import { readStore } from './helpers/outbox';
import type { RunningServer } from './helpers/server';
import { useServerAndBrowser } from './helpers/suite';

const TODAY = jakartaDate(new Date());
const NAMA = 'Dimas Lama Saputra';
const NEXT = 'Nilai terkunci; hanya HR yang dapat membatalkan penolakan.';

let server: RunningServer;
let browser: Browser;
let pesertaId = 0;

/** The participant through the API: ended 300 days ago, every score (the mentor), approved by the Pembimbing, rejected by HR. */
async function seed(): Promise<void> {
  const hr = await apiToken(server.url, 'hr');
  const users = await apiGet<{ data: { id: number; username: string }[] }>(server.url, 'hr', '/api/users');
  const idOf = (username: string) => users.data.find((user) => user.username === username)!.id;
  const { data: all } = await apiGet<{ data: { jenjang: string; mentor_id: number; instansi_id: number; divisi_id: number }[] }>(server.url, 'hr', '/api/peserta');
  const model = all.find((p) => p.jenjang === 'SMK' && p.mentor_id === idOf('mentor'))!;
  const created = (await apiPost(server.url, hr, '/api/peserta', {
    jenjang: 'SMK',
    nama: NAMA,
    instansi_id: model.instansi_id,
    divisi_id: model.divisi_id,
    mentor_id: idOf('mentor'),
    pembimbing_id: idOf('pembimbing'),
    nama_pembimbing: 'Ibu Sari',
    kontak_pembimbing: '6281234567890',
    tanggal_masuk: addDays(TODAY, -360),
    tanggal_selesai: addDays(TODAY, -300),
    nis: 'LAMA-1',
    jurusan: 'Akuntansi',
  })) as { data: { id: number } };
  pesertaId = created.data.id;
  const kompetensi = await apiGet<{ data: Parameters<typeof kompetensiFor>[0] }>(server.url, 'hr', '/api/kompetensi');
  const scores = kompetensiFor(kompetensi.data, model.divisi_id, 'SMK').map((k) => ({ peserta_id: pesertaId, kompetensi_id: k.id, skor: 80 }));
  expect((await apiSend(server.url, 'mentor', '/api/nilai/bulk', { nilai_data: scores })).status).toBe(200);
  expect((await apiSend(server.url, 'pembimbing', `/api/review/approve/${pesertaId}`)).status).toBe(200);
  expect((await apiSend(server.url, 'hr', `/api/review/reject/${pesertaId}`, { catatan: 'mohon dinilai ulang' })).status).toBe(200);
}

useServerAndBrowser(async (started, launched) => {
  [server, browser] = [started, launched];
  await seed();
}, { env: { JENDELA_KERJA_HARI: '180', JENDELA_KERJA_MENTOR_HARI: '90' } });

describe('a rejection notice for an internship that ended long ago', () => {
  it('should open the mentor’s score modal of the participant from the bell, the notice saying what happens next', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    try {
      await login(page, server.url, 'mentor');
      await page.getByRole('link', { name: /^Notifikasi, \d+ belum dibaca$/ }).click();
      const item = page.getByRole('region', { name: 'Notifikasi' }).getByRole('button', { name: new RegExp(`${NAMA} ditolak oleh HR: mohon dinilai ulang\\. ${NEXT}`) });
      await item.waitFor();
      // The device holds it: the unread notice keeps it in the mentor's working set.
      await expect.poll(async () => (await readStore<{ id: number }>(page, 'peserta')).map((row) => row.id), { timeout: 15_000 }).toContain(pesertaId);
      await item.click();
      await page.waitForURL(/\/penilaian/);
      const modal = dialog(page, `Penilaian - ${NAMA}`);
      await modal.waitFor();
      // Its scores are locked: HR rejected it.
      await modal.getByText(NILAI_MSG.mentorRejected('HR')).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('should open it from the link on a new device once the notice was read elsewhere (out of the working set, from the server)', async () => {
    expect((await apiSend(server.url, 'mentor', '/api/notifikasi/baca-semua', {})).status).toBe(200);
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    try {
      await login(page, server.url, 'mentor');
      await page.goto(`${server.url}/penilaian?peserta=${pesertaId}`);
      await dialog(page, `Penilaian - ${NAMA}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('should open its Detail Approval on the Pembimbing’s phone', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    try {
      await login(page, server.url, 'pembimbing');
      await page.getByRole('link', { name: /^Notifikasi, \d+ belum dibaca$/ }).click();
      await page.getByRole('heading', { name: 'Notifikasi', level: 1 }).waitFor();
      const item = page.getByRole('button', { name: new RegExp(`${NAMA} ditolak oleh HR: mohon dinilai ulang\\. ${NEXT}`) });
      await item.click();
      await page.waitForURL(/\/approval/);
      const detail = dialog(page, 'Detail Approval');
      await detail.waitFor();
      await detail.getByText(NAMA).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
