/**
 * The public verification page ('/verifikasi' and '/verifikasi/{kode}'): its texts, the labels
 * of what GET /api/verifikasi/{kode} answers (verifikasiSchema, src/domain/sertifikat-terbit.ts),
 * and the dates it shows. Anyone may open it, logged in or not: it shows only what the API
 * answers, never more.
 */
import { jakartaDate } from './dates';
import type { Jenjang } from './master-data';
import { periodePanjang, tanggalPanjang } from './sertifikat';
import { TERBIT_MSG, type Verifikasi } from './sertifikat-terbit';

export const VERIFIKASI_MSG = {
  title: 'Verifikasi Sertifikat',
  intro: 'Periksa keaslian sertifikat magang dengan kode verifikasi yang tercetak di bawah kode QR sertifikat.',
  kodeLabel: 'Kode verifikasi',
  kodeHint: '26 huruf dan angka; huruf besar atau kecil, spasi dan tanda hubung boleh.',
  kodeRequired: 'Kode verifikasi wajib diisi',
  kodeInvalid: 'Kode verifikasi harus 26 huruf dan angka, seperti tercetak di sertifikat',
  check: 'Periksa',
  checking: 'Memeriksa sertifikat...',
  valid: 'Sertifikat valid',
  validNote: (organisasi: string) => `Sertifikat ini diterbitkan oleh ${organisasi} dan masih berlaku.`,
  dicabut: 'Sertifikat dicabut',
  dicabutNote: (tanggal: string) => `Sertifikat ini dicabut pada ${tanggal} dan tidak berlaku lagi.`,
  notFound: TERBIT_MSG.kodeNotFound,
  notFoundNote: 'Periksa kembali kode yang diketik, atau pindai ulang kode QR pada sertifikat.',
  notFoundFormat: 'Kode verifikasi terdiri dari 26 huruf dan angka, tercetak di bawah kode QR sertifikat, misalnya 7K2M 9QXD 4HTB 1RWC 8ZNP 3FGV 6S.',
  kontak: (kontak: string) => `Pertanyaan tentang sertifikat: ${kontak}`,
  /** The header while the organisation is unknown (not answered yet, or the server out of reach). */
  appName: 'Magang',
  offline: 'Server tidak dapat dihubungi. Periksa koneksi internet, lalu coba lagi.',
  rateLimited: TERBIT_MSG.tooManyChecks,
  failed: 'Sertifikat gagal diperiksa. Coba lagi.',
  retry: 'Coba lagi',
  kodeShown: (kode: string) => `Kode: ${kode}`,
  pdfTitle: 'Periksa file PDF',
  pdfIntro: 'Pilih file PDF sertifikat untuk memastikan isinya persis sama dengan file yang diterbitkan. File tidak dikirim ke mana pun: diperiksa di perangkat ini.',
  pdfChoose: 'Pilih file PDF',
  pdfDrop: 'atau tarik dan lepas file PDF di sini',
  pdfChecking: 'Memeriksa file...',
  pdfCocok: 'File PDF cocok dengan sertifikat yang diterbitkan.',
  pdfTidakCocok: 'File PDF tidak cocok dengan sertifikat yang diterbitkan: file ini telah diubah atau bukan file sertifikat ini.',
  pdfFailed: 'File tidak dapat dibaca. Pilih file lain.',
  pdfFile: (nama: string) => `File: ${nama}`,
  pdfDicabut: 'Catatan: sertifikat ini sudah dicabut, walaupun filenya cocok.',
  /** The browser hashes files only on a secure page (HTTPS or this device). */
  pdfUnavailable: 'Pemeriksaan file hanya dapat dilakukan bila halaman dibuka lewat HTTPS.',
} as const;

/** The labels of the facts the page shows, in its order. */
export const VERIFIKASI_LABEL = {
  nama: 'Nama',
  jenjang: 'Jenjang',
  instansi: { SMK: 'Sekolah', Mahasiswa: 'Perguruan tinggi' } satisfies Record<Jenjang, string>,
  divisi: 'Divisi',
  periode: 'Periode magang',
  nomor: 'Nomor sertifikat',
  tanggal_terbit: 'Tanggal terbit',
  organisasi: 'Diterbitkan oleh',
  dicabut_pada: 'Dicabut pada',
} as const;

const JENJANG_NAMA: Record<Jenjang, string> = { SMK: 'Siswa SMK', Mahasiswa: 'Mahasiswa' };

/** The date of an ISO 8601 time in Asia/Jakarta, as the documents print dates: '3 Juli 2026'. */
export function tanggalJakarta(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return tanggalPanjang(jakartaDate(time));
}

/** The facts of a checked certificate as the page lists them: [label, value]. */
export function verifikasiRows(data: Verifikasi): [string, string][] {
  const rows: [string, string][] = [
    [VERIFIKASI_LABEL.nama, data.nama],
    [VERIFIKASI_LABEL.jenjang, JENJANG_NAMA[data.jenjang]],
    [VERIFIKASI_LABEL.instansi[data.jenjang], data.instansi],
    [VERIFIKASI_LABEL.divisi, data.divisi],
    [VERIFIKASI_LABEL.periode, periodePanjang(data.tanggal_masuk, data.tanggal_selesai)],
    [VERIFIKASI_LABEL.nomor, data.nomor],
    [VERIFIKASI_LABEL.tanggal_terbit, tanggalPanjang(data.tanggal_terbit)],
    [VERIFIKASI_LABEL.organisasi, data.organisasi],
  ];
  if (data.dicabut_pada) rows.push([VERIFIKASI_LABEL.dicabut_pada, tanggalJakarta(data.dicabut_pada)]);
  return rows;
}
