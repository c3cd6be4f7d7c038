// The two participant lists' test data, level by level: the demo seed's rows as each list
// shows them, the participant the add / edit journey types in, and the CSV rows an import sends.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { acceptSuccess, dialog, row } from './master-data';
import { type CsvPerson, csvFile, csvLine, type FormPerson, LEVEL, type Level, nomorOf, upload } from './peserta';

/** What the list tests know of one level: its seeded rows, the people they add and the CSV files they import. */
export interface LevelCase {
  level: Level;
  /** The seeded rows' names, newest first: page 1 and page 2 (5 per page). */
  pages: readonly [readonly [string, ...string[]], readonly string[]];
  /** The cells of page 1's first row. */
  firstRow: string[];
  /** Search texts and the names each leaves. */
  searches: readonly (readonly [string, readonly string[]])[];
  /** The participant the add / edit / detail / delete journey adds, and what the edit changes. */
  person: FormPerson;
  edited: { jurusan: string; divisi: string };
  /** A CSV file of good and bad rows, the messages for the bad ones, then a search that shows the added rows. */
  imports: { file: ReturnType<typeof csvFile>; failures: string[]; search: string; added: string[]; thenCheck(page: Page): Promise<void> };
  /** Checks one line of the exported file. */
  expectExported(lines: readonly string[]): void;
}

const smkRow = (nama: string, overrides: Partial<CsvPerson> = {}): string =>
  csvLine('SMK', {
    nama,
    instansi: 'smk telkom malang',
    nomor: nomorOf(nama, '0071'),
    jurusan: 'Rekayasa Perangkat Lunak',
    divisi: 'teknologi informasi',
    mentor: 'MENTOR',
    supervisor: 'Bapak Agus Salim, S.Kom.',
    contact: '081331100000',
    masuk: '05/01/2026',
    selesai: '03/04/2026',
    ...overrides,
  });

const mahasiswaRow = (nama: string, overrides: Partial<CsvPerson> = {}): string =>
  csvLine('Mahasiswa', {
    nama,
    instansi: 'UNIVERSITAS AIRLANGGA',
    nomor: nomorOf(nama, '0419'),
    jurusan: 'Manajemen',
    fakultas: 'Fakultas Ekonomi dan Bisnis',
    divisi: 'Pemasaran',
    mentor: 'mentor',
    supervisor: 'Dr. Rudi Hartono, S.E., M.M.',
    contact: '081330011223',
    masuk: '09/03/2026',
    selesai: '04/09/2026',
    ...overrides,
  });

/** The two levels, SMK first (the demo seed has 10 participants of each). */
export const LEVEL_CASES: readonly [smk: LevelCase, mahasiswa: LevelCase] = [
  {
    level: 'SMK',
    pages: [
      ['Dewi Kartika Sari', 'Yoga Aditya', 'Anisa Fitriani', 'Fajar Nugroho', 'Nabila Rahmawati'],
      ['Andi Wijaya', 'Putri Ayu Lestari', 'Dimas Saputra', 'Siti Nurhaliza', 'Rizky Pratama'],
    ],
    firstRow: ['1', 'Dewi Kartika Sari', 'SMK Negeri 1 Jakarta', 'Pemasaran', 'mentor', ''],
    searches: [
      ['TELKOM', ['Yoga Aditya', 'Nabila Rahmawati', 'Andi Wijaya']],
      ['siti', ['Siti Nurhaliza']],
    ],
    person: {
      nama: 'Rina Marlina',
      nomor: '0061239999',
      jurusan: 'Teknik Komputer dan Jaringan',
      instansi: 'SMK Negeri 2 Bandung',
      supervisor: 'Ibu Sri Wahyuni, S.Pd.',
      contact: '6285700001111',
      divisi: 'Keuangan',
      mentor: 'mentor',
      pembimbing: 'pembimbing',
      masuk: '2026-10-01',
      selesai: '2026-12-18',
    },
    edited: { jurusan: 'Rekayasa Perangkat Lunak', divisi: 'Pemasaran' },
    imports: {
      file: csvFile('SMK', [
        smkRow('Impor Satu'),
        smkRow('Impor Dua', { divisi: 'Gudang' }),
        '',
        smkRow('Impor Tiga', { masuk: '2026-01-05' }),
        smkRow('Impor Empat', { mentor: 'siapa' }),
        smkRow('Impor Lima', { instansi: 'Universitas Indonesia' }),
        smkRow('Impor Enam', { jurusan: '' }),
        smkRow('Impor Tujuh', { contact: '6281330000007' }),
      ]),
      failures: [
        'Baris 3Divisi "Gudang" tidak ditemukan di database',
        'Baris 5Format tanggal tanggal_masuk tidak valid',
        'Baris 6Mentor "siapa" tidak ditemukan di database',
        'Baris 7Instansi "Universitas Indonesia" tidak ditemukan di database',
        'Baris 8Semua field wajib diisi',
      ],
      search: 'impor',
      added: ['Impor Satu', 'Impor Tujuh'],
      async thenCheck(page) {
        await row(page, 'Impor Satu').filter({ hasText: 'SMK Telkom Malang' }).filter({ hasText: 'Teknologi Informasi' }).waitFor();
        await page.getByPlaceholder(LEVEL.SMK.search).fill('');
        await upload(page, csvFile('SMK', [smkRow('Impor Delapan')]));
        await acceptSuccess(page, 'Import berhasil! 1 peserta ditambahkan.');
      },
    },
    expectExported(lines) {
      expect(lines.find((line) => line.startsWith('Rizky Pratama;'))).toBe(
        'Rizky Pratama;SMK Negeri 1 Jakarta;0061234501;Teknik Komputer dan Jaringan;Teknologi Informasi;mentor;Drs. Bambang Sutrisno;081234567801;05/01/2026;03/04/2026;pembimbing',
      );
    },
  },
  {
    level: 'Mahasiswa',
    pages: [
      ['Sekar Ayuningtyas', 'Reza Firmansyah', 'Larasati Wulandari', 'Kevin Hidayat', 'Intan Permata Sari'],
      ['Galih Prasetyo', 'Citra Maharani', 'Bayu Setiawan', 'Ayu Permatasari', 'Muhammad Iqbal Ramadhan'],
    ],
    firstRow: ['1', 'Sekar Ayuningtyas', 'Universitas Indonesia', 'Operasional Toko', 'mentor', ''],
    searches: [['gadjah', ['Larasati Wulandari', 'Citra Maharani', 'Bayu Setiawan']]],
    person: {
      nama: 'Hendra Gunawan',
      nomor: '2106799999',
      jurusan: 'Teknik Informatika',
      fakultas: 'Fakultas Ilmu Komputer',
      instansi: 'Universitas Gadjah Mada',
      supervisor: 'Dr. Wulan Sari, M.Si.',
      contact: '6281578900000',
      divisi: 'Teknologi Informasi',
      mentor: 'mentor',
      pembimbing: 'pembimbing',
      masuk: '2026-12-01',
      selesai: '2027-05-28',
    },
    edited: { jurusan: 'Sistem Informasi', divisi: 'Keuangan' },
    imports: {
      file: csvFile('Mahasiswa', [
        mahasiswaRow('Impor Mhs Satu'),
        mahasiswaRow('Impor Mhs Dua', { instansi: 'SMK Negeri 1 Jakarta' }),
        mahasiswaRow('Impor Mhs Tiga', { fakultas: '-' }),
        mahasiswaRow('Impor Mhs Empat', { selesai: '31/02/2026' }),
        mahasiswaRow('Impor Mhs Lima', { divisi: 'Produksi' }),
      ]),
      failures: [
        'Baris 3Instansi "SMK Negeri 1 Jakarta" tidak ditemukan di database',
        'Baris 5Format tanggal tanggal_selesai tidak valid',
        'Baris 6Divisi "Produksi" tidak ditemukan di database',
      ],
      search: 'impor mhs',
      added: ['Impor Mhs Satu', 'Impor Mhs Tiga'],
      async thenCheck(page) {
        await row(page, 'Impor Mhs Tiga').getByRole('button', { name: 'Detail' }).click();
        const detail = dialog(page, LEVEL.Mahasiswa.detail);
        await detail.getByText('Universitas Airlangga').waitFor();
        await detail.getByText('Pembimbing Perusahaan').waitFor();
        await detail.getByRole('button', { name: 'Tutup' }).last().click();
        await page.getByPlaceholder(LEVEL.Mahasiswa.search).fill('');
      },
    },
    expectExported(lines) {
      expect(lines.find((line) => line.startsWith('Impor Mhs Tiga;'))).toContain(';Manajemen;-;Pemasaran;mentor;');
    },
  },
];
