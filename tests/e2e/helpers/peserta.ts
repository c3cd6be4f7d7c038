// Helpers of the participant-list browser tests: CSV files in memory, the add form, reads
// through the REST API (to compare what an import stored), and the filter panel.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { acceptSuccess, dialog, row } from './master-data';

export type Level = 'SMK' | 'Mahasiswa';

/** Route, titles, labels and CSV template of each participant list, as the app shows them. */
export const LEVEL = {
  SMK: {
    path: '/peserta/siswa',
    list: 'Daftar Peserta Siswa',
    add: 'Tambah Peserta Siswa',
    edit: 'Edit Peserta Siswa',
    delete: 'Hapus Peserta Siswa',
    detail: 'Detail Peserta Siswa',
    search: 'Cari Nama atau Sekolah',
    nomor: 'NIS',
    instansi: 'Sekolah',
    supervisor: 'Nama Pembimbing',
    contact: 'Kontak Pembimbing',
    header: 'nama;asal_instansi;nis;jurusan;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai',
    file: 'peserta_template.csv',
  },
  Mahasiswa: {
    path: '/peserta/mahasiswa',
    list: 'Daftar Peserta Mahasiswa',
    add: 'Tambah Peserta Mahasiswa',
    edit: 'Edit Peserta Mahasiswa',
    delete: 'Hapus Peserta Mahasiswa',
    detail: 'Detail Peserta Mahasiswa',
    search: 'Cari Nama atau Kampus',
    nomor: 'NIM',
    instansi: 'Kampus',
    supervisor: 'Nama Dosen Pembimbing',
    contact: 'Kontak Dosen Pembimbing',
    header: 'nama;asal_instansi;nim;jurusan;fakultas;divisi;mentor;nama_pembimbing;kontak_pembimbing;tanggal_masuk;tanggal_selesai',
    file: 'mahasiswa_template.csv',
  },
} as const;

/** One CSV row's values (dates dd/mm/yyyy); `fakultas` is written for Mahasiswa only. */
export interface CsvPerson {
  nama: string;
  instansi: string;
  nomor: string;
  jurusan: string;
  fakultas?: string;
  divisi: string;
  mentor: string;
  supervisor: string;
  contact: string;
  masuk: string;
  selesai: string;
}

/** A CSV line of `level` for `p` (';'-separated, in the column order of `LEVEL[level].header`). */
export function csvLine(level: Level, p: CsvPerson): string {
  const cells =
    level === 'SMK'
      ? [p.nama, p.instansi, p.nomor, p.jurusan, p.divisi, p.mentor, p.supervisor, p.contact, p.masuk, p.selesai]
      : [p.nama, p.instansi, p.nomor, p.jurusan, p.fakultas ?? '-', p.divisi, p.mentor, p.supervisor, p.contact, p.masuk, p.selesai];
  return cells.join(';');
}

/** A CSV file for setInputFiles: header plus lines. */
export function csvFile(level: Level, lines: readonly string[], name = 'import.csv') {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${[LEVEL[level].header, ...lines].join('\r\n')}\r\n`) };
}

/** Chooses a file in the list's hidden CSV input (what the Upload button opens). */
export async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel('File CSV untuk import').setInputFiles(file);
}

/** A form control by its label, with or without the required mark (' *') the add form shows. */
export function field(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** Values of the add form (labels per level). */
export interface FormPerson {
  nama: string;
  nomor: string;
  jurusan: string;
  fakultas?: string;
  instansi: string;
  supervisor: string;
  contact: string;
  divisi: string;
  mentor: string;
  pembimbing: string;
  masuk: string;
  selesai: string;
}

/** Fills every field of the add / edit form (selects by their visible label). */
export async function fillForm(form: Locator, level: Level, p: FormPerson): Promise<void> {
  const labels = LEVEL[level];
  await field(form, 'Nama').fill(p.nama);
  await field(form, labels.nomor).fill(p.nomor);
  await field(form, 'Jurusan').fill(p.jurusan);
  if (level === 'Mahasiswa') await field(form, 'Fakultas').fill(p.fakultas ?? '');
  await field(form, labels.instansi).selectOption({ label: p.instansi });
  await field(form, labels.supervisor).fill(p.supervisor);
  await field(form, labels.contact).fill(p.contact);
  await field(form, 'Divisi').selectOption({ label: p.divisi });
  await field(form, 'Mentor').selectOption({ label: p.mentor });
  await field(form, 'Pembimbing').selectOption({ label: p.pembimbing });
  await field(form, 'Tanggal Masuk').fill(p.masuk);
  await field(form, 'Tanggal Selesai').fill(p.selesai);
}

/** 'yyyy-mm-dd' as the app shows it (id-ID), e.g. '1 Oktober 2026'. */
export function idDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** A participant as GET /api/peserta returns it (the fields the tests compare). */
export interface ApiPeserta {
  id: number;
  nama: string;
  instansi: { nama: string };
  divisi: { nama: string };
  mentor: { username: string } | null;
  pembimbing: { username: string } | null;
  nama_pembimbing: string;
  kontak_pembimbing: string;
  tanggal_masuk: string;
  tanggal_selesai: string;
  siswa: { nis: string; jurusan: string } | null;
  mahasiswa: { nim: string; jurusan: string; fakultas: string } | null;
}

/** GET /api/peserta?jenjang= as that token. */
export async function listPeserta(baseUrl: string, token: string, level: Level): Promise<ApiPeserta[]> {
  const response = await fetch(`${baseUrl}/api/peserta?jenjang=${level}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/peserta: ${response.status}`);
  return ((await response.json()) as { data: ApiPeserta[] }).data;
}

/** What an export then import must keep of a participant (the pembimbing is always 'pembimbing' on import). */
export function signature(p: ApiPeserta): string {
  return JSON.stringify([
    p.nama,
    p.instansi.nama,
    p.divisi.nama,
    p.mentor?.username ?? null,
    p.nama_pembimbing,
    p.kontak_pembimbing,
    p.tanggal_masuk,
    p.tanggal_selesai,
    p.siswa,
    p.mahasiswa,
  ]);
}

/** Clicks Download and returns the saved file's name and text. */
export async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** The filter button (its name carries the badge: 'Filter (2 aktif)'). */
export function filterButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Filter/ });
}

/** Opens the filter panel and returns it. */
export async function openFilters(page: Page): Promise<Locator> {
  await filterButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Filter' });
  await panel.waitFor();
  return panel;
}

/** The names in the table's rows, top to bottom. */
export async function tableNames(page: Page): Promise<string[]> {
  return page.locator('tbody tr td.col-nama').allTextContents();
}

/** Waits until the table shows exactly these names (in order). */
export async function expectNames(page: Page, names: readonly string[]): Promise<void> {
  await expect.poll(() => tableNames(page), { timeout: 10_000 }).toEqual(names);
}

/**
 * Add, edit, detail and delete one participant on the open list, end to end, checking the
 * required-field message (nothing sent), the edit payload (only changed fields), the detail
 * contents and the confirm text.
 */
export async function crudFlow(page: Page, level: Level, person: FormPerson, edited: { jurusan: string; divisi: string }): Promise<void> {
  const labels = LEVEL[level];
  const posts: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/peserta')) posts.push(request.url());
  };
  page.on('request', onRequest);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = dialog(page, labels.add);
  await add.getByRole('button', { name: 'Simpan' }).click();
  await add.getByText('Semua field wajib diisi', { exact: true }).waitFor();
  await fillForm(add, level, { ...person, jurusan: '' });
  await add.getByRole('button', { name: 'Simpan' }).click();
  await add.getByText('Semua field wajib diisi', { exact: true }).waitFor();
  expect(posts).toEqual([]);
  await field(add, 'Jurusan').fill(person.jurusan);
  await add.getByRole('button', { name: 'Simpan' }).click();
  await acceptSuccess(page, 'Peserta berhasil ditambahkan');
  expect(posts).toHaveLength(1);
  page.off('request', onRequest);
  await row(page, person.nama).filter({ hasText: person.divisi }).waitFor();

  await row(page, person.nama).getByRole('button', { name: 'Edit' }).click();
  const edit = dialog(page, labels.edit);
  await expect.poll(() => field(edit, labels.nomor).inputValue()).toBe(person.nomor);
  await expect(field(edit, 'Tanggal Masuk').inputValue()).resolves.toBe(person.masuk);
  await field(edit, 'Jurusan').fill(edited.jurusan);
  await field(edit, 'Divisi').selectOption({ label: edited.divisi });
  await field(edit, labels.contact).fill(''); // blank: left out, keeps its value
  const [put] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/peserta/')),
    edit.getByRole('button', { name: 'Simpan' }).click(),
  ]);
  const body = put.postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([level === 'SMK' ? 'jurusan' : 'jurusan_mahasiswa', 'divisi_id'].sort());
  expect(body[level === 'SMK' ? 'jurusan' : 'jurusan_mahasiswa']).toBe(edited.jurusan);
  await acceptSuccess(page, 'Peserta berhasil diperbarui');
  await row(page, person.nama).filter({ hasText: edited.divisi }).waitFor();

  await row(page, person.nama).getByRole('button', { name: 'Detail' }).click();
  const detail = dialog(page, labels.detail);
  const value = (label: string) => detail.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);
  await expect.poll(() => value('Nama').textContent()).toBe(person.nama);
  await expect(value(labels.nomor).textContent()).resolves.toBe(person.nomor);
  await expect(value('Jurusan').textContent()).resolves.toBe(edited.jurusan);
  await expect(value(labels.instansi).textContent()).resolves.toBe(person.instansi);
  await expect(value(labels.supervisor).textContent()).resolves.toBe(person.supervisor);
  await expect(value(labels.contact).textContent()).resolves.toBe(person.contact);
  await expect(value('Divisi').textContent()).resolves.toBe(edited.divisi);
  await expect(value('Mentor').textContent()).resolves.toBe(person.mentor);
  await expect(value('Tanggal Masuk').textContent()).resolves.toBe(idDate(person.masuk));
  await expect(value('Tanggal Selesai').textContent()).resolves.toBe(idDate(person.selesai));
  if (level === 'Mahasiswa') {
    await expect(value('Fakultas').textContent()).resolves.toBe(person.fakultas);
    await expect(value('Pembimbing Perusahaan').textContent()).resolves.toBe(person.pembimbing);
  } else {
    await expect(detail.getByText('Pembimbing Perusahaan').count()).resolves.toBe(0);
  }
  await detail.getByRole('button', { name: 'Tutup' }).first().click();
  await detail.waitFor({ state: 'hidden' });

  await row(page, person.nama).getByRole('button', { name: 'Hapus' }).click();
  const confirm = page.getByRole('alertdialog', { name: labels.delete });
  await confirm.getByText('Yakin ingin menghapus peserta ini?', { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Ya, Hapus' }).click();
  await acceptSuccess(page, 'Peserta berhasil dihapus');
  await row(page, person.nama).waitFor({ state: 'detached' });
}

/** A number of its own for each name (prefix + 6 digits): NIS / NIM are unique within an institution. */
export function nomorOf(nama: string, prefix: string): string {
  return prefix + String([...nama].reduce((hash, char) => (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_000, 7)).padStart(6, '0');
}

