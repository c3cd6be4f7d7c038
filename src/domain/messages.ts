/**
 * UI and API texts of the product, word for word (the texts the users know; changing one is a
 * product change, and the tests hold them). Every screen and the server take their
 * Indonesian texts from here, so a text exists once.
 */

export const MSG = {
  unauthorizedPage: 'Unauthorized - You do not have permission to access this page.',
  accessDenied: "Access Denied - You don't have permission to access this page.",

  // Login
  usernameRequired: 'Username wajib diisi',
  passwordRequired: 'Password wajib diisi',
  passwordMin: 'Password minimal 4 karakter',
  networkError: 'Terjadi Kesalahan Jaringan.',
  wrongCredentials: 'Username atau password salah',

  // Dashboard
  dashboardLoading: 'Memuat dashboard...',
  unknownRole: (role: string) => `Role tidak dikenali: ${role}`,
  contactAdmin: 'Silakan hubungi administrator untuk bantuan.',
  noUser: 'Error: Tidak dapat memuat data pengguna',
  logoutAndLogin: 'Silakan logout dan login kembali.',

  // Profile
  passwordBothRequired: 'Isi password lama & baru!',
  profileLoadFailed: 'Gagal memuat profil!',
  profileUpdateFailed: 'Gagal memperbarui data!',
  usernameUpdated: 'Username berhasil diperbarui!',
  /** The account form saved without a new username (full name or title only). */
  profileUpdated: 'Profil berhasil diperbarui!',
  passwordUpdated: 'Password berhasil diperbarui!',
  signatureUploadFailed: 'Gagal upload tanda tangan!',
  signatureDeleteFailed: 'Gagal hapus tanda tangan!',
  signatureUploaded: 'Tanda tangan berhasil diupload!',
  signatureDeleted: 'Tanda tangan berhasil dihapus!',

  // Popup helpers
  unknownError: 'Terjadi kesalahan tidak diketahui.',

  // Offline
  savedOffline: 'Tersimpan di perangkat, menunggu koneksi',
  pendingChanges: (n: number) => `${n} perubahan tertunda`,
  syncNow: 'Sinkronkan',
  offlineBadge: 'Offline',
  refusedChanges: 'Perubahan ditolak',
  /** Under a refused score change in the score dialogs: the inputs show the server's scores again. */
  refusedScoresHint: 'Perubahan Anda tidak disimpan. Nilai yang tampil adalah nilai di server.',
  offlineCannotSave: 'Tidak dapat menyimpan saat offline',
  /** A write refused because the device's storage is full; the action below frees the mirror. */
  storageFull:
    'Penyimpanan perangkat penuh. Kosongkan data tersimpan di perangkat (akan dimuat ulang dari server) lalu coba lagi. Perubahan yang tertunda tetap tersimpan.',
  freeStorage: 'Kosongkan data tersimpan',
  freeStorageFailed: 'Gagal mengosongkan data tersimpan di perangkat.',
  replayNeedsLogin: 'Sesi berakhir. Login kembali untuk mengirim perubahan yang tertunda.',
  loginAgain: 'Login kembali',
  /** Logout with queued changes (the dialog's question; 'Keluar' / 'Batal'). */
  logoutPending: (n: number) =>
    `${n} perubahan belum terkirim. Keluar sekarang? Perubahan tetap tersimpan di perangkat ini dan dikirim saat Anda masuk lagi.`,
  logoutTitle: 'Keluar',
  logoutConfirm: 'Keluar',
  // Installing the app: the user menu's entry, shown only where the browser can install it.
  installApp: 'Pasang aplikasi',
  /** iOS has no install dialog; read after 'Pasang aplikasi:' (the entry says 'Pasang aplikasi: ketuk Bagikan, …'). */
  installIosSteps: 'ketuk Bagikan, lalu Tambahkan ke Layar Utama',

  // Master-data screens: grade failure texts, and success texts.
  gradeLoadFailed: 'Gagal memuat data grade',
  gradeSaveFailed: 'Gagal menyimpan grade.',
  gradeDeleteFailed: 'Gagal Menghapus',
  gradeDeleted: 'Template grade berhasil dihapus',
  gradeDeleteConfirm: 'Yakin ingin menghapus template grade ini?',
  entityAdded: (noun: string) => `${noun} berhasil ditambahkan`,
  entityUpdated: (noun: string) => `${noun} berhasil diperbarui`,
  entityDeleted: (noun: string) => `${noun} berhasil dihapus`,
  staleMirror: 'Menampilkan data tersimpan di perangkat; data terbaru belum dapat dimuat.',
  /** A list waiting for its first rows (the approval and certificate lists, the archive). */
  listLoading: 'Memuat data…',
} as const;

/** Server-side texts for refusals the screens do not word themselves. */
export const SERVER_MSG = {
  notFound: 'Data tidak ditemukan',
  routeNotFound: 'Endpoint tidak ditemukan',
  unauthenticated: 'Sesi tidak valid, silakan login kembali',
  forbidden: 'Anda tidak memiliki akses untuk tindakan ini',
  tooManyLogins: 'Terlalu banyak percobaan login. Coba lagi nanti.',
  wrongCurrentPassword: 'Password lama salah',
  usernameTaken: 'Username sudah digunakan',
  employeeIdTaken: 'ID karyawan sudah digunakan',
  bodyTooLarge: 'Ukuran data terlalu besar',
  invalidJson: 'Format data tidak valid',
  internal: 'Terjadi kesalahan pada server',
  databaseUnavailable: 'Database tidak dapat dihubungi',
  draining: 'Server sedang berhenti',
  migrationsPending: 'Migrasi database belum selesai',
  invalidInput: 'Data tidak valid',
  unsupportedMediaType: 'Tipe konten tidak didukung',
  duplicate: 'Data sudah ada',
  stillReferenced: 'Data masih digunakan oleh data lain',
  // Master data (users, instansi, divisi, kompetensi, grade)
  invalidId: 'ID tidak valid',
  invalidRole: 'Role tidak valid',
  roleRequired: 'Role wajib diisi',
  cannotDeleteSelf: 'Anda tidak dapat menghapus akun Anda sendiri',
  lastHrDelete: 'Akun HR terakhir tidak dapat dihapus',
  lastHrRoleChange: 'Role akun HR terakhir tidak dapat diubah',
  instansiTaken: 'Nama instansi sudah digunakan',
  divisiTaken: 'Nama divisi sudah digunakan',
  divisiHasPeserta: 'Tidak dapat menghapus divisi yang masih memiliki peserta terkait',
  divisiUnknown: 'Divisi yang dipilih tidak ditemukan',
  kompetensiTaken: 'Kompetensi dengan nama ini sudah ada untuk jenjang tersebut',
  // Participants: references of the right kind, bulk import
  instansiUnknown: 'Instansi yang dipilih tidak ditemukan',
  instansiMustBeSekolah: 'Instansi harus berupa Sekolah untuk peserta SMK',
  instansiMustBeKampus: 'Instansi harus berupa Kampus untuk peserta Mahasiswa',
  mentorUnknown: 'Mentor yang dipilih tidak ditemukan',
  mentorWrongRole: 'Mentor harus berupa user dengan role Mentor',
  pembimbingUnknown: 'Pembimbing yang dipilih tidak ditemukan',
  pembimbingWrongRole: 'Pembimbing harus berupa user dengan role Pembimbing',
  bulkJenjangMismatch: 'Jenjang baris tidak sesuai dengan jenjang import',
} as const;
