// The demo data of SEED=demo (README.md "Demo accounts") as plain constants: staff accounts,
// divisions, institutions, competencies, participants with their score state, and grade
// templates. seed.ts turns them into rows; tests read the accounts from here.
import type { ApprovalAction, ApprovalStep } from '../../src/domain/approval-chain';
import { BUSHEAD, HR, PEMBIMBING } from '../../src/domain/approval-chain';
import { DEFAULT_GRADE_ITEMS, type GradeItem } from '../../src/domain/grade';
import type { InstansiJenis, Jenjang } from '../../src/domain/master-data';
import type { Role } from '../../src/domain/roles';

/** A staff account of the seed. */
export interface SeedAccount {
  employee_id: string;
  username: string;
  password: string;
  role: Role;
  /** The person's full name, printed under their signature instead of the username. */
  nama_lengkap?: string;
  /** Their job title, printed under that name. */
  jabatan?: string;
}

/**
 * The four demo accounts (password: username + '1234'), each a person with a full name and a
 * job title, so the demo's certificates and transcripts are signed by names, not login names.
 */
export const DEMO_ACCOUNTS: readonly SeedAccount[] = [
  { employee_id: 'EMP001', username: 'hr', password: 'hr1234', role: 'HR', nama_lengkap: 'Rina Marlina, S.Psi.', jabatan: 'Manajer Sumber Daya Manusia' },
  { employee_id: 'EMP002', username: 'pembimbing', password: 'pembimbing1234', role: 'Pembimbing', nama_lengkap: 'Hendra Gunawan, S.E.', jabatan: 'Koordinator Program Magang' },
  { employee_id: 'EMP003', username: 'mentor', password: 'mentor1234', role: 'Mentor', nama_lengkap: 'Dian Puspitasari, S.Kom.', jabatan: 'Senior Staf Teknologi Informasi' },
  { employee_id: 'EMP004', username: 'bushead', password: 'bushead1234', role: 'BusHead', nama_lengkap: 'Ir. Bambang Hartono, M.M.', jabatan: 'Kepala Divisi Operasional' },
];

/** The account SEED=none creates: the demo's HR login, without a person's name (the organisation adds its own). */
export const FIRST_HR_ACCOUNT: SeedAccount = (({ employee_id, username, password, role }) => ({ employee_id, username, password, role }))(
  DEMO_ACCOUNTS[0] as SeedAccount,
);

export const DEMO_DIVISI = [
  'Operasional Toko',
  'Keuangan',
  'Sumber Daya Manusia',
  'Teknologi Informasi',
  'Pemasaran',
] as const;
type DivisiName = (typeof DEMO_DIVISI)[number];

export const DEMO_INSTANSI: readonly { nama: string; jenis: InstansiJenis }[] = [
  { nama: 'SMK Negeri 1 Jakarta', jenis: 'Sekolah' },
  { nama: 'SMK Negeri 2 Bandung', jenis: 'Sekolah' },
  { nama: 'SMK Telkom Malang', jenis: 'Sekolah' },
  { nama: 'Universitas Indonesia', jenis: 'Kampus' },
  { nama: 'Universitas Gadjah Mada', jenis: 'Kampus' },
  { nama: 'Universitas Airlangga', jenis: 'Kampus' },
];

/** A competency with the divisions it applies to ('all' = every demo division). */
interface SeedKompetensi {
  nama: string;
  jenjang: Jenjang;
  aktif: boolean;
  divisi: 'all' | readonly DivisiName[];
}

const perDivisi: Record<DivisiName, { SMK: [string, string]; Mahasiswa: [string, string] }> = {
  'Operasional Toko': {
    SMK: ['Pelayanan Pelanggan', 'Penataan Barang (Display)'],
    Mahasiswa: ['Manajemen Stok dan Persediaan', 'Analisis Operasional Toko'],
  },
  Keuangan: {
    SMK: ['Pencatatan Transaksi Kas', 'Pengarsipan Dokumen Keuangan'],
    Mahasiswa: ['Penyusunan Laporan Keuangan', 'Analisis Anggaran'],
  },
  'Sumber Daya Manusia': {
    SMK: ['Administrasi Kepegawaian', 'Pengelolaan Data Absensi'],
    Mahasiswa: ['Rekrutmen dan Seleksi', 'Perencanaan Pelatihan Karyawan'],
  },
  'Teknologi Informasi': {
    SMK: ['Perawatan Perangkat Komputer', 'Instalasi Jaringan Dasar'],
    Mahasiswa: ['Pengembangan Aplikasi', 'Analisis Sistem Informasi'],
  },
  Pemasaran: {
    SMK: ['Desain Materi Promosi', 'Pengelolaan Media Sosial'],
    Mahasiswa: ['Riset Pasar', 'Perencanaan Kampanye Pemasaran'],
  },
};

/** Two shared competencies per level (every division) plus two per division and level:
 * four per division and level. One inactive competency has no division. */
export const DEMO_KOMPETENSI: readonly SeedKompetensi[] = [
  { nama: 'Disiplin dan Kehadiran', jenjang: 'SMK', aktif: true, divisi: 'all' },
  { nama: 'Komunikasi dan Kerja Sama Tim', jenjang: 'SMK', aktif: true, divisi: 'all' },
  { nama: 'Etika dan Profesionalisme', jenjang: 'Mahasiswa', aktif: true, divisi: 'all' },
  { nama: 'Komunikasi dan Kerja Sama Tim', jenjang: 'Mahasiswa', aktif: true, divisi: 'all' },
  ...DEMO_DIVISI.flatMap((divisi) =>
    (['SMK', 'Mahasiswa'] as const).flatMap((jenjang) =>
      perDivisi[divisi][jenjang].map((nama) => ({ nama, jenjang, aktif: true, divisi: [divisi] as const })),
    ),
  ),
  { nama: 'Keselamatan dan Kesehatan Kerja (K3)', jenjang: 'SMK', aktif: false, divisi: [] },
];

/** How far a participant's scores and approval has gone in the demo. */
interface SeedPeserta {
  nama: string;
  jenjang: Jenjang;
  instansi: string;
  divisi: DivisiName;
  /** NIS for SMK, NIM for Mahasiswa. */
  nomor: string;
  jurusan: string;
  fakultas?: string;
  nama_pembimbing: string;
  kontak_pembimbing: string;
  tanggal_masuk: string;
  tanggal_selesai: string;
  /** Scores for every competency of the division and level, for some, or none. */
  nilai: 'lengkap' | 'sebagian' | 'kosong';
  /** Approval actions taken in order (only with complete scores). */
  approval?: readonly { step: ApprovalStep; action: Exclude<ApprovalAction, 'cancel'>; catatan?: string }[];
}

const approve = (step: ApprovalStep) => ({ step, action: 'approve' as const });

export const DEMO_PESERTA: readonly SeedPeserta[] = [
  // SMK
  { nama: 'Rizky Pratama', jenjang: 'SMK', instansi: 'SMK Negeri 1 Jakarta', divisi: 'Teknologi Informasi', nomor: '0061234501', jurusan: 'Teknik Komputer dan Jaringan', nama_pembimbing: 'Drs. Bambang Sutrisno', kontak_pembimbing: '6281234567801', tanggal_masuk: '2026-01-05', tanggal_selesai: '2026-04-03', nilai: 'lengkap', approval: [approve(PEMBIMBING), approve(HR), approve(BUSHEAD)] },
  { nama: 'Siti Nurhaliza', jenjang: 'SMK', instansi: 'SMK Negeri 1 Jakarta', divisi: 'Keuangan', nomor: '0061234502', jurusan: 'Akuntansi dan Keuangan Lembaga', nama_pembimbing: 'Drs. Bambang Sutrisno', kontak_pembimbing: '6281234567801', tanggal_masuk: '2026-01-12', tanggal_selesai: '2026-04-10', nilai: 'lengkap', approval: [approve(PEMBIMBING), approve(HR)] },
  { nama: 'Dimas Saputra', jenjang: 'SMK', instansi: 'SMK Negeri 2 Bandung', divisi: 'Operasional Toko', nomor: '0059876503', jurusan: 'Bisnis Daring dan Pemasaran', nama_pembimbing: 'Ibu Sri Wahyuni, S.Pd.', kontak_pembimbing: '6285722334455', tanggal_masuk: '2026-02-02', tanggal_selesai: '2026-05-01', nilai: 'lengkap', approval: [approve(PEMBIMBING)] },
  { nama: 'Putri Ayu Lestari', jenjang: 'SMK', instansi: 'SMK Negeri 2 Bandung', divisi: 'Pemasaran', nomor: '0059876504', jurusan: 'Bisnis Daring dan Pemasaran', nama_pembimbing: 'Ibu Sri Wahyuni, S.Pd.', kontak_pembimbing: '6285722334455', tanggal_masuk: '2026-02-09', tanggal_selesai: '2026-05-08', nilai: 'lengkap', approval: [{ step: PEMBIMBING, action: 'reject', catatan: 'Nilai pelayanan perlu ditinjau ulang oleh mentor.' }] },
  { nama: 'Andi Wijaya', jenjang: 'SMK', instansi: 'SMK Telkom Malang', divisi: 'Teknologi Informasi', nomor: '0071122305', jurusan: 'Rekayasa Perangkat Lunak', nama_pembimbing: 'Bapak Agus Salim, S.Kom.', kontak_pembimbing: '6281331122334', tanggal_masuk: '2026-03-02', tanggal_selesai: '2026-06-26', nilai: 'lengkap' },
  { nama: 'Nabila Rahmawati', jenjang: 'SMK', instansi: 'SMK Telkom Malang', divisi: 'Sumber Daya Manusia', nomor: '0071122306', jurusan: 'Otomatisasi dan Tata Kelola Perkantoran', nama_pembimbing: 'Bapak Agus Salim, S.Kom.', kontak_pembimbing: '6281331122334', tanggal_masuk: '2026-03-16', tanggal_selesai: '2026-07-10', nilai: 'lengkap' },
  { nama: 'Fajar Nugroho', jenjang: 'SMK', instansi: 'SMK Negeri 1 Jakarta', divisi: 'Operasional Toko', nomor: '0061234507', jurusan: 'Bisnis Daring dan Pemasaran', nama_pembimbing: 'Ibu Ratna Dewi, S.Pd.', kontak_pembimbing: '6281298765432', tanggal_masuk: '2026-04-06', tanggal_selesai: '2026-07-03', nilai: 'sebagian' },
  { nama: 'Anisa Fitriani', jenjang: 'SMK', instansi: 'SMK Negeri 2 Bandung', divisi: 'Keuangan', nomor: '0059876508', jurusan: 'Akuntansi dan Keuangan Lembaga', nama_pembimbing: 'Ibu Sri Wahyuni, S.Pd.', kontak_pembimbing: '6285722334455', tanggal_masuk: '2026-05-04', tanggal_selesai: '2026-08-28', nilai: 'kosong' },
  { nama: 'Yoga Aditya', jenjang: 'SMK', instansi: 'SMK Telkom Malang', divisi: 'Teknologi Informasi', nomor: '0071122309', jurusan: 'Teknik Komputer dan Jaringan', nama_pembimbing: 'Bapak Agus Salim, S.Kom.', kontak_pembimbing: '6281331122334', tanggal_masuk: '2026-07-01', tanggal_selesai: '2026-09-30', nilai: 'kosong' },
  { nama: 'Dewi Kartika Sari', jenjang: 'SMK', instansi: 'SMK Negeri 1 Jakarta', divisi: 'Pemasaran', nomor: '0061234510', jurusan: 'Desain Komunikasi Visual', nama_pembimbing: 'Ibu Ratna Dewi, S.Pd.', kontak_pembimbing: '6281298765432', tanggal_masuk: '2026-08-03', tanggal_selesai: '2026-11-27', nilai: 'kosong' },
  // Mahasiswa
  { nama: 'Muhammad Iqbal Ramadhan', jenjang: 'Mahasiswa', instansi: 'Universitas Indonesia', divisi: 'Teknologi Informasi', nomor: '2106701234', jurusan: 'Sistem Informasi', fakultas: 'Fakultas Ilmu Komputer', nama_pembimbing: 'Dr. Ahmad Fauzi, M.Kom.', kontak_pembimbing: '6281387654321', tanggal_masuk: '2026-01-19', tanggal_selesai: '2026-06-19', nilai: 'lengkap', approval: [approve(PEMBIMBING), approve(HR), approve(BUSHEAD)] },
  { nama: 'Ayu Permatasari', jenjang: 'Mahasiswa', instansi: 'Universitas Indonesia', divisi: 'Keuangan', nomor: '2106705678', jurusan: 'Akuntansi', fakultas: 'Fakultas Ekonomi dan Bisnis', nama_pembimbing: 'Dr. Lestari Handayani, S.E., M.Ak.', kontak_pembimbing: '6281211223344', tanggal_masuk: '2026-02-02', tanggal_selesai: '2026-07-31', nilai: 'lengkap', approval: [approve(PEMBIMBING), { step: HR, action: 'reject', catatan: 'Periode magang belum memenuhi syarat minimal.' }] },
  { nama: 'Bayu Setiawan', jenjang: 'Mahasiswa', instansi: 'Universitas Gadjah Mada', divisi: 'Sumber Daya Manusia', nomor: '21/478123/PS/14890', jurusan: 'Psikologi', fakultas: 'Fakultas Psikologi', nama_pembimbing: 'Prof. Dr. Hadi Susanto', kontak_pembimbing: '6281578901234', tanggal_masuk: '2026-02-16', tanggal_selesai: '2026-08-14', nilai: 'lengkap', approval: [approve(PEMBIMBING)] },
  { nama: 'Citra Maharani', jenjang: 'Mahasiswa', instansi: 'Universitas Gadjah Mada', divisi: 'Pemasaran', nomor: '21/478456/SP/14923', jurusan: 'Ilmu Komunikasi', fakultas: 'Fakultas Ilmu Sosial dan Ilmu Politik', nama_pembimbing: 'Dr. Wulan Sari, M.Si.', kontak_pembimbing: '6281578904567', tanggal_masuk: '2026-03-02', tanggal_selesai: '2026-08-28', nilai: 'lengkap', approval: [approve(PEMBIMBING), approve(HR)] },
  { nama: 'Galih Prasetyo', jenjang: 'Mahasiswa', instansi: 'Universitas Airlangga', divisi: 'Operasional Toko', nomor: '041911333001', jurusan: 'Manajemen', fakultas: 'Fakultas Ekonomi dan Bisnis', nama_pembimbing: 'Dr. Rudi Hartono, S.E., M.M.', kontak_pembimbing: '6281330011223', tanggal_masuk: '2026-03-09', tanggal_selesai: '2026-09-04', nilai: 'lengkap' },
  { nama: 'Intan Permata Sari', jenjang: 'Mahasiswa', instansi: 'Universitas Airlangga', divisi: 'Keuangan', nomor: '041911333002', jurusan: 'Akuntansi', fakultas: 'Fakultas Ekonomi dan Bisnis', nama_pembimbing: 'Dr. Rudi Hartono, S.E., M.M.', kontak_pembimbing: '6281330011223', tanggal_masuk: '2026-04-13', tanggal_selesai: '2026-10-09', nilai: 'lengkap' },
  { nama: 'Kevin Hidayat', jenjang: 'Mahasiswa', instansi: 'Universitas Indonesia', divisi: 'Teknologi Informasi', nomor: '2106709012', jurusan: 'Ilmu Komputer', fakultas: 'Fakultas Ilmu Komputer', nama_pembimbing: 'Dr. Ahmad Fauzi, M.Kom.', kontak_pembimbing: '6281387654321', tanggal_masuk: '2026-05-04', tanggal_selesai: '2026-10-30', nilai: 'sebagian' },
  { nama: 'Larasati Wulandari', jenjang: 'Mahasiswa', instansi: 'Universitas Gadjah Mada', divisi: 'Sumber Daya Manusia', nomor: '22/501234/PS/15012', jurusan: 'Psikologi', fakultas: 'Fakultas Psikologi', nama_pembimbing: 'Prof. Dr. Hadi Susanto', kontak_pembimbing: '6281578901234', tanggal_masuk: '2026-06-01', tanggal_selesai: '2026-11-27', nilai: 'kosong' },
  { nama: 'Reza Firmansyah', jenjang: 'Mahasiswa', instansi: 'Universitas Airlangga', divisi: 'Pemasaran', nomor: '041911333003', jurusan: 'Manajemen', fakultas: 'Fakultas Ekonomi dan Bisnis', nama_pembimbing: 'Dr. Rudi Hartono, S.E., M.M.', kontak_pembimbing: '6281330011223', tanggal_masuk: '2026-07-06', tanggal_selesai: '2026-12-18', nilai: 'kosong' },
  { nama: 'Sekar Ayuningtyas', jenjang: 'Mahasiswa', instansi: 'Universitas Indonesia', divisi: 'Operasional Toko', nomor: '2106703456', jurusan: 'Manajemen', fakultas: 'Fakultas Ekonomi dan Bisnis', nama_pembimbing: 'Dr. Lestari Handayani, S.E., M.Ak.', kontak_pembimbing: '6281211223344', tanggal_masuk: '2026-09-01', tanggal_selesai: '2026-12-31', nilai: 'kosong' },
];

/** A grade template of the seed. */
interface SeedGradeTemplate {
  nama: string;
  deskripsi: string;
  kategori: Jenjang;
  items: readonly GradeItem[];
}

export const DEMO_GRADE_TEMPLATES: readonly SeedGradeTemplate[] = [
  {
    nama: 'Standar Mahasiswa',
    deskripsi: 'Ambang nilai bawaan untuk daftar nilai mahasiswa.',
    kategori: 'Mahasiswa',
    items: DEFAULT_GRADE_ITEMS,
  },
  {
    nama: 'Standar SMK',
    deskripsi: 'Ambang nilai untuk daftar nilai siswa SMK.',
    kategori: 'SMK',
    items: [
      { huruf: 'A', min: 90, predikat: 'Sangat Baik' },
      { huruf: 'B', min: 80, predikat: 'Baik' },
      { huruf: 'C', min: 70, predikat: 'Cukup' },
      { huruf: 'D', min: 0, predikat: 'Perlu Bimbingan' },
    ],
  },
];
