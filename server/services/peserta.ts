// Adding, editing and deleting participants (the participant lists). Rules kept
// here: references exist and are of the right kind (a Sekolah for SMK, a Kampus for
// Mahasiswa, a Mentor user as mentor_id, a Pembimbing user as pembimbing_id); a participant
// is written with its level's detail row and its three reviews (Menunggu) in one
// transaction; the level never changes; a delete takes its details, reviews and scores
// with it and leaves tombstones (peserta and nilai) for `?since=` pulls. A NIS / NIM is
// unique within its institution for new writes (peserta-numbers.ts: 409 on add and edit).
//
// Lock order: the participant-number advisory lock (writes that set a number or an
// institution; peserta-numbers.ts), then referenced institution / division / users, then the
// peserta row, then its details, reviews and scores (the master-data renames lock their row,
// then its participants).
// Any later service that changes reviews or scores of a participant should lock the peserta
// row first too, since the triggers of migration 0002 update it and a delete locks it before
// its children.
import { eq } from 'drizzle-orm';
import { APPROVAL_STEPS, MENUNGGU, type ReviewStatus } from '../../src/domain/approval-chain';
import type { InstansiJenis, Jenjang } from '../../src/domain/master-data';
import { SERVER_MSG } from '../../src/domain/messages';
import { PESERTA_MSG, type Peserta, type PesertaCreate, type PesertaUpdate } from '../../src/domain/peserta';
import type { Role } from '../../src/domain/roles';
import { idIn } from '../db/list-params';
import type { Db, Tx } from '../db/client';
import { divisi, instansi, nilai, peserta, pesertaMahasiswa, pesertaSiswa, reviews, users } from '../db/schema';
import { HttpError } from '../http-error';
import { recordDeletions } from './deletions';
import { forgetPeserta } from './notifikasi';
import { checkNumbers, instansiNama, lockPesertaNumbers, numberTakenMessage, pesertaNumber } from './peserta-numbers';
import { getPeserta } from './peserta-read';

/** The ids a payload refers to (any may be absent on an edit). */
interface RefIds {
  instansi_id?: number | undefined;
  divisi_id?: number | undefined;
  mentor_id?: number | undefined;
  pembimbing_id?: number | undefined;
}

/** The referenced rows that exist, with what the kind checks need. */
export interface PesertaRefs {
  instansi: Map<number, InstansiJenis>;
  /** The names of those institutions (for the texts of a taken NIS / NIM). */
  instansiNama: Map<number, string>;
  divisi: Set<number>;
  users: Map<number, Role>;
}

const distinct = (values: (number | undefined)[]) => [...new Set(values.filter((value) => value !== undefined))].sort((a, b) => a - b);

/**
 * Loads (and share-locks until commit, so no check below goes stale before the insert) the
 * institutions, divisions and users these payloads refer to: one query per table.
 */
export async function loadRefs(tx: Tx, payloads: readonly RefIds[]): Promise<PesertaRefs> {
  const instansiIds = distinct(payloads.map((p) => p.instansi_id));
  const divisiIds = distinct(payloads.map((p) => p.divisi_id));
  const userIds = distinct(payloads.flatMap((p) => [p.mentor_id, p.pembimbing_id]));
  // KEY SHARE: renames may go on, deletes wait. SHARE on users: a role change waits too.
  const instansiRows = instansiIds.length
    ? await tx.select({ id: instansi.id, jenis: instansi.jenis, nama: instansi.nama }).from(instansi).where(idIn(instansi.id, instansiIds)).orderBy(instansi.id).for('key share')
    : [];
  const divisiRows = divisiIds.length
    ? await tx.select({ id: divisi.id }).from(divisi).where(idIn(divisi.id, divisiIds)).orderBy(divisi.id).for('key share')
    : [];
  const userRows = userIds.length
    ? await tx.select({ id: users.id, role: users.role }).from(users).where(idIn(users.id, userIds)).orderBy(users.id).for('share')
    : [];
  return {
    instansi: new Map(instansiRows.map((row) => [row.id, row.jenis])),
    instansiNama: new Map(instansiRows.map((row) => [row.id, row.nama])),
    divisi: new Set(divisiRows.map((row) => row.id)),
    users: new Map(userRows.map((row) => [row.id, row.role])),
  };
}

/** Why the references of a payload of `jenjang` are refused (SERVER_MSG text), or null. */
export function refsProblem(refs: PesertaRefs, jenjang: Jenjang, ids: RefIds): string | null {
  if (ids.instansi_id !== undefined) {
    const jenis = refs.instansi.get(ids.instansi_id);
    if (jenis === undefined) return SERVER_MSG.instansiUnknown;
    if (jenjang === 'SMK' && jenis !== 'Sekolah') return SERVER_MSG.instansiMustBeSekolah;
    if (jenjang === 'Mahasiswa' && jenis !== 'Kampus') return SERVER_MSG.instansiMustBeKampus;
  }
  if (ids.divisi_id !== undefined && !refs.divisi.has(ids.divisi_id)) return SERVER_MSG.divisiUnknown;
  if (ids.mentor_id !== undefined) {
    const role = refs.users.get(ids.mentor_id);
    if (role === undefined) return SERVER_MSG.mentorUnknown;
    if (role !== 'Mentor') return SERVER_MSG.mentorWrongRole;
  }
  if (ids.pembimbing_id !== undefined) {
    const role = refs.users.get(ids.pembimbing_id);
    if (role === undefined) return SERVER_MSG.pembimbingUnknown;
    if (role !== 'Pembimbing') return SERVER_MSG.pembimbingWrongRole;
  }
  return null;
}

/**
 * Inserts checked payloads with their detail rows and three Menunggu reviews, as three
 * multi-row statements (plus one per level). Returns the new ids in payload order.
 */
export async function insertPesertaRows(tx: Tx, payloads: readonly PesertaCreate[]): Promise<number[]> {
  if (payloads.length === 0) return [];
  const inserted = await tx
    .insert(peserta)
    .values(
      payloads.map((p) => ({
        nama: p.nama,
        jenjang: p.jenjang,
        instansi_id: p.instansi_id,
        divisi_id: p.divisi_id,
        mentor_id: p.mentor_id,
        pembimbing_id: p.pembimbing_id,
        nama_pembimbing: p.nama_pembimbing,
        kontak_pembimbing: p.kontak_pembimbing,
        tanggal_masuk: p.tanggal_masuk,
        tanggal_selesai: p.tanggal_selesai,
      })),
    )
    .returning({ id: peserta.id });
  // RETURNING of a multi-row VALUES insert yields the rows in VALUES order.
  const ids = inserted.map((row) => row.id);
  const siswaRows: (typeof pesertaSiswa.$inferInsert)[] = [];
  const mahasiswaRows: (typeof pesertaMahasiswa.$inferInsert)[] = [];
  payloads.forEach((p, index) => {
    const peserta_id = ids[index] as number;
    if (p.jenjang === 'SMK') siswaRows.push({ peserta_id, nis: p.nis, jurusan: p.jurusan });
    else mahasiswaRows.push({ peserta_id, nim: p.nim, jurusan: p.jurusan_mahasiswa, fakultas: p.fakultas });
  });
  if (siswaRows.length) await tx.insert(pesertaSiswa).values(siswaRows);
  if (mahasiswaRows.length) await tx.insert(pesertaMahasiswa).values(mahasiswaRows);
  await tx
    .insert(reviews)
    .values(ids.flatMap((peserta_id) => APPROVAL_STEPS.map((role_reviewer) => ({ peserta_id, role_reviewer, status: MENUNGGU as ReviewStatus }))));
  return ids;
}

/**
 * Adds a participant (payload already validated); 400 with a clear text for a wrong reference,
 * 409 when its NIS / NIM is taken in its institution (see peserta-numbers.ts).
 */
export async function createPeserta(db: Db, input: PesertaCreate): Promise<Peserta> {
  return db.transaction(async (tx) => {
    await lockPesertaNumbers(tx);
    const refs = await loadRefs(tx, [input]);
    const problem = refsProblem(refs, input.jenjang, input);
    if (problem) throw new HttpError(400, problem);
    const nomor = pesertaNumber(input);
    const [check] = await checkNumbers(tx, input.jenjang, [{ instansi_id: input.instansi_id, nomor }]);
    if (check?.taken) throw new HttpError(409, numberTakenMessage(input.jenjang, nomor, refs.instansiNama.get(input.instansi_id) ?? ''));
    const [id] = await insertPesertaRows(tx, [input]);
    return getPeserta(tx, id as number);
  });
}

/** The level's detail fields present in an edit, as the detail table's columns. */
function detailChanges(jenjang: Jenjang, input: PesertaUpdate): Record<string, string> {
  const changes: Record<string, string> = {};
  if (jenjang === 'SMK') {
    if (input.nis !== undefined) changes.nis = input.nis;
    if (input.jurusan !== undefined) changes.jurusan = input.jurusan;
  } else {
    if (input.nim !== undefined) changes.nim = input.nim;
    const jurusan = input.jurusan_mahasiswa ?? input.jurusan;
    if (jurusan !== undefined) changes.jurusan = jurusan;
    if (input.fakultas !== undefined) changes.fakultas = input.fakultas;
  }
  return changes;
}

/**
 * 409 when an edit moves participant `current` to a NIS / NIM (or an institution) where another
 * participant of its level already has that number. An edit that keeps the number and the
 * institution (also in another case or spacing) is never refused: rows stored before the rule
 * may repeat a number, and they stay editable.
 */
async function checkNumberChange(tx: Tx, current: typeof peserta.$inferSelect, input: PesertaUpdate, refs: PesertaRefs): Promise<void> {
  const [stored] =
    current.jenjang === 'SMK'
      ? await tx.select({ nomor: pesertaSiswa.nis }).from(pesertaSiswa).where(eq(pesertaSiswa.peserta_id, current.id))
      : await tx.select({ nomor: pesertaMahasiswa.nim }).from(pesertaMahasiswa).where(eq(pesertaMahasiswa.peserta_id, current.id));
  const nomor = (current.jenjang === 'SMK' ? input.nis : input.nim) ?? stored?.nomor;
  if (nomor === undefined) return;
  const instansiId = input.instansi_id ?? current.instansi_id;
  // The stored pair goes along so its key (compared as the database compares) shows whether anything changed.
  const rows = [{ instansi_id: instansiId, nomor }, ...(stored ? [{ instansi_id: current.instansi_id, nomor: stored.nomor }] : [])];
  const [next, before] = await checkNumbers(tx, current.jenjang, rows, current.id);
  if (!next?.taken || next.key === before?.key) return;
  const nama = refs.instansiNama.get(instansiId) ?? (await instansiNama(tx, instansiId));
  throw new HttpError(409, numberTakenMessage(current.jenjang, nomor, nama));
}

/**
 * Edits the given (non-empty) fields of a participant in one transaction. 404 unknown id;
 * 400 for another jenjang, a wrong reference, or dates out of order with the stored ones;
 * 409 for a NIS / NIM taken in the (new) institution.
 */
export async function updatePeserta(db: Db, id: number, input: PesertaUpdate): Promise<Peserta> {
  const movesNumber = input.nis !== undefined || input.nim !== undefined || input.instansi_id !== undefined;
  return db.transaction(async (tx) => {
    // Before any row lock (see peserta-numbers.ts); only edits that may change a number wait for it.
    if (movesNumber) await lockPesertaNumbers(tx);
    // References before the participant: the order in which renames of an institution,
    // division or user lock (their row, then its participants), so the two cannot deadlock.
    const refs = await loadRefs(tx, [input]);
    // NO KEY UPDATE: score and review inserts (key-share on this row) are not blocked.
    const [current] = await tx.select().from(peserta).where(eq(peserta.id, id)).for('no key update');
    if (!current) throw new HttpError(404, SERVER_MSG.notFound);
    if (input.jenjang !== undefined && input.jenjang !== current.jenjang) throw new HttpError(400, PESERTA_MSG.jenjangFixed);
    const problem = refsProblem(refs, current.jenjang, input);
    if (problem) throw new HttpError(400, problem);
    const masuk = input.tanggal_masuk ?? current.tanggal_masuk;
    const selesai = input.tanggal_selesai ?? current.tanggal_selesai;
    if (selesai < masuk) throw new HttpError(400, PESERTA_MSG.dateOrder);
    if (movesNumber) await checkNumberChange(tx, current, input, refs);

    const { jenjang: _jenjang, nis: _nis, nim: _nim, jurusan: _j, jurusan_mahasiswa: _jm, fakultas: _f, ...own } = input;
    const details = detailChanges(current.jenjang, input);
    if (Object.keys(own).length === 0 && Object.keys(details).length === 0) return getPeserta(tx, id);

    // Always written, so updated_at moves (and change_xid, by trigger) even for detail-only edits.
    await tx.update(peserta).set({ ...own, updated_at: new Date() }).where(eq(peserta.id, id));
    if (Object.keys(details).length > 0) {
      if (current.jenjang === 'SMK') {
        await tx
          .insert(pesertaSiswa)
          .values({ peserta_id: id, nis: details.nis ?? '', jurusan: details.jurusan ?? '' })
          .onConflictDoUpdate({ target: pesertaSiswa.peserta_id, set: details });
      } else {
        await tx
          .insert(pesertaMahasiswa)
          .values({ peserta_id: id, nim: details.nim ?? '', jurusan: details.jurusan ?? '', fakultas: details.fakultas ?? '' })
          .onConflictDoUpdate({ target: pesertaMahasiswa.peserta_id, set: details });
      }
    }
    return getPeserta(tx, id);
  });
}

/** Deletes a participant with its details, reviews and scores, leaves tombstones and takes it out of unread digests; 404 unknown id. */
export async function deletePeserta(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: peserta.id }).from(peserta).where(eq(peserta.id, id)).for('update');
    if (!current) throw new HttpError(404, SERVER_MSG.notFound);
    const scores = await tx.select({ id: nilai.id }).from(nilai).where(eq(nilai.peserta_id, id));
    // The foreign keys cascade: details, reviews and scores go in this same statement.
    await tx.delete(peserta).where(eq(peserta.id, id));
    await recordDeletions(tx, 'nilai', scores.map((score) => score.id));
    await recordDeletions(tx, 'peserta', [id]);
    await forgetPeserta(tx, [id]);
  });
}
