// A participant's number is unique within its institution: an SMK participant's NIS among the
// SMK participants of its Sekolah, a Mahasiswa's NIM among those of its Kampus, compared
// trimmed and in any case (PostgreSQL's lower(btrim(...)), the same on both sides). Other
// institutions may use the same number (a NIS is assigned by the school).
//
// There is no unique index (rows stored before this rule may repeat a number, and a migration
// must not fail on them), so every write that creates or changes a number or an institution
// — add, bulk import, edit — first takes the transaction-scoped advisory lock below, then
// checks against the stored rows. The lock serialises those writers: the check of the second
// runs after the first committed (READ COMMITTED: each statement sees the latest commits).
// It is taken before any row lock of the transaction, so waiting for it never holds a lock
// another number writer needs (no deadlock).
import { eq, sql } from 'drizzle-orm';
import type { Jenjang } from '../../src/domain/master-data';
import { PESERTA_MSG, type PesertaCreate } from '../../src/domain/peserta';
import { instansi, peserta, pesertaMahasiswa, pesertaSiswa } from '../db/schema';
import { type Tx, rowsOf } from '../db/client';

/** The advisory lock key of participant-number writers: any fixed number, the same in every process. */
const PESERTA_NUMBER_LOCK_KEY = 4_242_002;

/** Waits for (and holds until commit or rollback) the lock of participant-number writers. */
export async function lockPesertaNumbers(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PESERTA_NUMBER_LOCK_KEY})`);
}

/** A participant's number (NIS for SMK, NIM for Mahasiswa) in an institution. */
interface NumberInInstansi {
  instansi_id: number;
  nomor: string;
}

/** One checked number: its comparison key and whether a stored participant of the institution has it. */
interface NumberCheck {
  /** instansi id + the number as compared (trimmed, lower case): equal keys are the same number. */
  key: string;
  taken: boolean;
}

/** The number of an add payload: its NIS or NIM. */
export function pesertaNumber(payload: PesertaCreate): string {
  return payload.jenjang === 'SMK' ? payload.nis : payload.nim;
}

/** The refusal of a number taken in an institution: 'NIS "…" sudah terdaftar di …' / 'NIM …'. */
export function numberTakenMessage(jenjang: Jenjang, nomor: string, instansiNama: string): string {
  return jenjang === 'SMK' ? PESERTA_MSG.nisTaken(nomor, instansiNama) : PESERTA_MSG.nimTaken(nomor, instansiNama);
}

/**
 * Checks every number of `rows` (participants of `jenjang`) against the stored participants of
 * the same level and institution, except participant `exceptId` (an edit's own row), in ONE
 * query whatever the number of rows. Answers in `rows` order. Call after lockPesertaNumbers.
 */
export async function checkNumbers(tx: Tx, jenjang: Jenjang, rows: readonly NumberInInstansi[], exceptId = 0): Promise<NumberCheck[]> {
  if (rows.length === 0) return [];
  const detail = jenjang === 'SMK' ? sql`${pesertaSiswa} d join ${peserta} p on p.id = d.peserta_id` : sql`${pesertaMahasiswa} d join ${peserta} p on p.id = d.peserta_id`;
  const column = jenjang === 'SMK' ? sql.raw('d.nis') : sql.raw('d.nim');
  const input = JSON.stringify(rows.map((row, ord) => ({ ord, instansi_id: row.instansi_id, nomor: row.nomor })));
  // The request's rows as a recordset (one parameter), the stored numbers of their
  // institutions hashed against them: a seq scan of the detail table, no per-row lookups.
  const result = await tx.execute<{ ord: number; key: string; taken: boolean }>(sql`
    with r as (
      select r.ord, r.instansi_id, lower(btrim(r.nomor)) as key
      from json_to_recordset(${input}::json) as r(ord int, instansi_id int, nomor text)
    ),
    stored as (
      select distinct p.instansi_id, lower(btrim(${column})) as key
      from ${detail}
      where p.instansi_id in (select instansi_id from r) and p.id <> ${exceptId}
    )
    select r.ord, r.instansi_id || ':' || r.key as key, (s.key is not null) as taken
    from r left join stored s on s.instansi_id = r.instansi_id and s.key = r.key
    order by r.ord`);
  // postgres.js answers an array of rows, PGlite an object with `rows`.
  const answer = rowsOf<{ key: string; taken: boolean }>(result);
  return answer.map((row) => ({ key: row.key, taken: row.taken }));
}

/** The name of an institution ('' when it is gone), for a refusal's text. */
export async function instansiNama(tx: Tx, id: number): Promise<string> {
  const [row] = await tx.select({ nama: instansi.nama }).from(instansi).where(eq(instansi.id, id));
  return row?.nama ?? '';
}
