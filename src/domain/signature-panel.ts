/**
 * The texts of the profile's signature panel (Pembimbing and BusHead): its status, the upload,
 * the stored image and the confirm before 'Hapus TTD'.
 */

/** Every text of the signature panel, in the order the panel shows them. */
export const SIGNATURE_PANEL_TEXT = {
  title: 'Tanda Tangan',
  uploaded: 'Sudah upload',
  notUploaded: 'Belum upload',
  current: 'Tanda tangan saat ini',
  imageFailed: 'Gambar tanda tangan tidak dapat dimuat.',
  remove: 'Hapus TTD',
  fileLabel: 'File tanda tangan (PNG)',
  note: 'Format PNG transparan, max 1MB.',
  replaceHint: 'Upload file baru untuk mengganti tanda tangan ini.',
  chosen: 'Pratinjau file yang dipilih',
  upload: 'Upload',
  uploading: 'Mengupload...',
  confirmTitle: 'Hapus Tanda Tangan',
  confirm: 'Hapus tanda tangan?',
  confirmYes: 'Ya, Hapus',
  confirmBusy: 'Menghapus...',
} as const;
