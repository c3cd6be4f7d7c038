/**
 * The organisation's logo: the PNG HR uploads once (at most 1 MB), printed at the head of every
 * certificate and Daftar Nilai issued while it is set. The texts of its API and of the profile's
 * 'Logo Organisasi' panel (HR).
 */
import { SIGNATURE_MAX_BYTES, SIGNATURE_MSG } from './sertifikat';

/** Upload limit of the logo PNG: the signature's, 1 MB. */
export const LOGO_MAX_BYTES = SIGNATURE_MAX_BYTES;

/** Multipart field of the logo upload. */
export const LOGO_FIELD = 'logo';

/** Why a logo upload is refused, and what the API answers when it is done. */
export const LOGO_MSG = {
  notPng: SIGNATURE_MSG.notPng,
  tooLarge: SIGNATURE_MSG.tooLarge,
  badUpload: SIGNATURE_MSG.badUpload,
  missingFile: `File logo wajib diupload (field "${LOGO_FIELD}")`,
  notMultipart: `Logo harus dikirim sebagai multipart/form-data (field "${LOGO_FIELD}")`,
  tooManyFiles: 'Hanya satu file logo yang dapat diupload',
  uploaded: 'Logo organisasi berhasil diupload',
  deleted: 'Logo organisasi berhasil dihapus',
  uploadFailed: 'Gagal upload logo organisasi',
  deleteFailed: 'Gagal hapus logo organisasi',
} as const;

/** Every text of the 'Logo Organisasi' panel, in the order the panel shows them. */
export const LOGO_PANEL_TEXT = {
  title: 'Logo Organisasi',
  uploaded: 'Terpasang',
  notUploaded: 'Belum ada',
  intro: 'Logo dicetak di bagian atas sertifikat dan Daftar Nilai yang terbit setelah logo dipasang.',
  current: 'Logo saat ini',
  imageFailed: 'Gambar logo tidak dapat dimuat.',
  remove: 'Hapus Logo',
  fileLabel: 'File logo (PNG)',
  note: 'Format PNG, max 1MB.',
  replaceHint: 'Upload file baru untuk mengganti logo ini.',
  reissueHint: "Sertifikat yang sudah terbit tetap memakai logo lamanya; gunakan 'Terbitkan ulang' untuk memakai logo baru.",
  chosen: 'Pratinjau file yang dipilih',
  upload: 'Upload Logo',
  uploading: 'Mengupload...',
  offline: 'Logo organisasi hanya dapat diubah saat online. Sambungkan perangkat ke internet lalu coba lagi.',
  confirmTitle: 'Hapus Logo Organisasi',
  confirm: 'Hapus logo organisasi? Sertifikat yang sudah terbit tidak berubah.',
  confirmYes: 'Ya, Hapus',
  confirmBusy: 'Menghapus...',
} as const;
