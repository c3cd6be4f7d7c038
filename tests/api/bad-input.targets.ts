// The mutation endpoints of bad-input.property.test.ts: for each, a target that exists (so a
// bad body is judged by the route, not refused as an unknown id) and a valid body the
// property bends into near-valid junk. Keyed like authorization-matrix.table.ts; the test
// fails when a mutation route of the matrix has no target here.
import { eq } from 'drizzle-orm';
import { divisi, gradeTemplates, instansi, kompetensi, users } from '../../server/db/schema';
import { notifikasi } from '../../server/db/schema-notifikasi';
import type { TestApp } from '../helpers/build-app';
import { type SeedRefs, seedRefs, smkPayload } from '../helpers/peserta';
import { type Made, addMentor, makePeserta } from '../helpers/nilai';

/** A mutation endpoint's target URL and valid body. */
export interface Target {
  url: string;
  body: unknown;
}

/** What the targets are made from. */
export interface TargetIds {
  refs: SeedRefs;
  /** A participant with every score, all steps Menunggu (the score routes bend it). */
  scored: Made;
  /** Another such participant, for the review routes (the score routes may empty the first). */
  reviewed: Made;
  /** A participant nobody needs afterwards (deleted by the DELETE routes). */
  spare: Made;
  instansi: { id: number; nama: string; jenis: string };
  spareInstansi: number;
  spareDivisi: number;
  kompetensi: number;
  spareKompetensi: number;
  grade: number;
  editedUser: number;
  spareUser: number;
  /** An unread notification of the demo HR account. */
  notifikasi: number;
}

async function firstRow<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('seed data missing');
  return row;
}

/** Creates and reads what the targets need. */
export async function targetIds(t: TestApp): Promise<TargetIds> {
  const refs = await seedRefs(t);
  const inst = await firstRow(t.db.select().from(instansi).orderBy(instansi.id).limit(1));
  const spareInstansi = await firstRow(t.db.insert(instansi).values({ nama: 'Fuzz Sekolah Cadangan', jenis: 'Sekolah' }).returning());
  const spareDivisi = await firstRow(t.db.insert(divisi).values({ nama: 'Fuzz Divisi Cadangan' }).returning());
  const spareKompetensi = await firstRow(t.db.insert(kompetensi).values({ nama: 'Fuzz Kompetensi', jenjang: 'SMK' }).returning());
  const komp = await firstRow(t.db.select().from(kompetensi).where(eq(kompetensi.jenjang, 'SMK')).orderBy(kompetensi.id).limit(1));
  const grade = await firstRow(t.db.select().from(gradeTemplates).orderBy(gradeTemplates.id).limit(1));
  const editedUser = await addMentor(t, 'fuzz-edited');
  const spareUser = await addMentor(t, 'fuzz-spare');
  const hr = await firstRow(t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr')));
  const notice = await firstRow(t.db.insert(notifikasi).values({ user_id: hr.id, jenis: 'ditolak', tautan: '/approval', fakta: { nama: 'Fuzz', step: 'HR', catatan: null } }).returning());
  return {
    refs,
    scored: await makePeserta(t),
    reviewed: await makePeserta(t),
    spare: await makePeserta(t),
    instansi: { id: inst.id, nama: inst.nama, jenis: inst.jenis },
    spareInstansi: spareInstansi.id,
    spareDivisi: spareDivisi.id,
    kompetensi: komp.id,
    spareKompetensi: spareKompetensi.id,
    grade: grade.id,
    editedUser,
    spareUser,
    notifikasi: notice.id,
  };
}

const GRADE = { nama: 'Fuzz Grade', deskripsi: 'uji', kategori: 'SMK', items: [{ huruf: 'A', min: 86, predikat: 'Sangat Memuaskan' }] };

/** Every mutation endpoint (method + pattern) → its target. */
export function mutationTargets(ids: TargetIds): Record<string, Target> {
  const score = (skor: unknown) => ({ nilai_data: ids.scored.kompetensiIds.map((kompetensi_id) => ({ peserta_id: ids.scored.id, kompetensi_id, skor })) });
  return {
    'POST /api/auth/login': { url: '/api/auth/login', body: { username: 'hr', password: 'hr1234' } },
    'PUT /api/auth/profile': { url: '/api/auth/profile', body: { username: 'hr', nama_lengkap: 'Hana Rahmawati', jabatan: 'Staf HR' } },
    // A wrong current password: even a bent body never changes the password (and ends no session).
    'PUT /api/auth/password': { url: '/api/auth/password', body: { currentPassword: 'bukan-password', newPassword: 'baru12345' } },
    'POST /api/users': { url: '/api/users', body: { employee_id: 'FUZZ-1', username: 'fuzz-baru', password: 'rahasia1', role: 'Mentor', nama_lengkap: 'Fuzz Baru', jabatan: 'Staf' } },
    'PUT /api/users/:id': { url: `/api/users/${ids.editedUser}`, body: { username: 'fuzz-edited', role: 'Mentor', nama_lengkap: 'Fuzz Edited', jabatan: 'Staf' } },
    'DELETE /api/users/:id': { url: `/api/users/${ids.spareUser}`, body: {} },
    'POST /api/users/signature': { url: '/api/users/signature', body: { signature: 'bukan-png' } },
    'DELETE /api/users/signature': { url: '/api/users/signature', body: {} },
    'POST /api/organisasi/logo': { url: '/api/organisasi/logo', body: { logo: 'bukan-png' } },
    'DELETE /api/organisasi/logo': { url: '/api/organisasi/logo', body: {} },
    'POST /api/sertifikat/terbitkan-ulang/:id': { url: `/api/sertifikat/terbitkan-ulang/${ids.scored.id}`, body: {} },
    'POST /api/instansi': { url: '/api/instansi', body: { nama: 'Fuzz Instansi', jenis: 'Kampus' } },
    'PUT /api/instansi/:id': { url: `/api/instansi/${ids.instansi.id}`, body: { nama: ids.instansi.nama, jenis: ids.instansi.jenis } },
    'DELETE /api/instansi/:id': { url: `/api/instansi/${ids.spareInstansi}`, body: {} },
    'POST /api/divisi': { url: '/api/divisi', body: { nama: 'Fuzz Divisi' } },
    'PUT /api/divisi/:id': { url: `/api/divisi/${ids.refs.divisi}`, body: { nama: 'Fuzz Divisi Ganti' } },
    'DELETE /api/divisi/:id': { url: `/api/divisi/${ids.spareDivisi}`, body: {} },
    'POST /api/kompetensi': { url: '/api/kompetensi', body: { nama: 'Fuzz K', jenjang: 'SMK', aktif: true, divisi_ids: [ids.refs.divisi] } },
    'PUT /api/kompetensi/:id': { url: `/api/kompetensi/${ids.kompetensi}`, body: { nama: 'Fuzz K2', jenjang: 'SMK', aktif: true, divisi_ids: [ids.refs.divisi] } },
    'DELETE /api/kompetensi/:id': { url: `/api/kompetensi/${ids.spareKompetensi}`, body: {} },
    'POST /api/grade': { url: '/api/grade', body: GRADE },
    'PUT /api/grade/:id': { url: `/api/grade/${ids.grade}`, body: GRADE },
    'DELETE /api/grade/:id': { url: `/api/grade/${ids.grade}`, body: {} },
    'POST /api/peserta': { url: '/api/peserta', body: smkPayload(ids.refs) },
    'POST /api/peserta/bulk': { url: '/api/peserta/bulk', body: { jenjang: 'SMK', rows: [smkPayload(ids.refs, { nis: 'FUZZ-NIS' })] } },
    'PUT /api/peserta/:id': { url: `/api/peserta/${ids.scored.id}`, body: { nama: 'Fuzz Nama', tanggal_selesai: '2026-04-30' } },
    'DELETE /api/peserta/:id': { url: `/api/peserta/${ids.spare.id}`, body: {} },
    'POST /api/nilai/bulk': { url: '/api/nilai/bulk', body: score(81) },
    'DELETE /api/nilai/peserta/:id': { url: `/api/nilai/peserta/${ids.scored.id}`, body: {} },
    'PUT /api/presensi': { url: '/api/presensi', body: { presensi: [{ peserta_id: ids.scored.id, tanggal: '2026-01-05', status: 'Hadir' }] } },
    'POST /api/notifikasi/:id/baca': { url: `/api/notifikasi/${ids.notifikasi}/baca`, body: {} },
    'POST /api/notifikasi/baca-semua': { url: '/api/notifikasi/baca-semua', body: {} },
    'POST /api/push/langganan': { url: '/api/push/langganan', body: { endpoint: 'https://push.example/fuzz', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } } },
    'DELETE /api/push/langganan': { url: '/api/push/langganan', body: { endpoint: 'https://push.example/fuzz' } },
    'POST /api/review/approve/:id': { url: `/api/review/approve/${ids.reviewed.id}`, body: { catatan: 'Bagus' } },
    'POST /api/review/reject/:id': { url: `/api/review/reject/${ids.reviewed.id}`, body: { catatan: 'Kurang' } },
    'POST /api/review/cancel/:id': { url: `/api/review/cancel/${ids.reviewed.id}`, body: {} },
    // Takes no body; never fully approved, so whatever is sent it issues nothing (409).
  };
}
