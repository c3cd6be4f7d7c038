// The archive search (GET /api/peserta/arsip, GET /api/sertifikat/arsip): every participant,
// filtered and paged on the server like the screens filter their mirrored lists
// (src/domain/arsip.ts). Each page costs a count, the page's ids (ordered, LIMIT / OFFSET), then
// the rows of those ids only (selectPeserta's three queries; the certificate rows' signers and
// issued certificates), all in one read-only snapshot so the total and the page agree. A name
// search and the approval list's filter are costly to evaluate, so there the matching rows are
// found once for both the total and the page (pageIdsOnce).
//
// Names are matched with ILIKE '%q%' (any case, the text taken literally: % _ \ escaped), served
// by the pg_trgm GIN index on peserta.nama (migration 0014; docs/performance.md). Order
// by name is lower(nama), then nama, then id: the same on PGlite and PostgreSQL whatever their
// collation, and case-blind like the screens' Indonesian collator.
import { type SQL, and, eq, gte, lte, not, sql } from 'drizzle-orm';
import type { ArsipPesertaQuery, ArsipSertifikatQuery } from '../../src/domain/arsip';
import type { Peserta } from '../../src/domain/peserta';
import type { SertifikatRow } from '../../src/domain/sertifikat-terbit';
import { idIn } from '../db/list-params';
import { type Db, type Tx, rowsOf } from '../db/client';
import { raiseWorkMem } from '../db/work-mem';
import { instansi, peserta } from '../db/schema';
import { neededCompetencies, scoresComplete } from './scores-complete';
import { selectPeserta } from './peserta-read';
import { fullyApproved, sertifikatRows } from './sertifikat-rows';
import { terbitOf, validCertificates } from './sertifikat-terbit';

/** One page of an archive. */
interface ArsipPage<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** `q` as an ILIKE pattern matching it anywhere, taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The participant's name contains `q` (any case). */
function nameHas(q: string): SQL {
  return sql`${peserta.nama} ilike ${containsPattern(q)}`;
}

/** The schools / campuses whose name contains `q` (any case): a few hundred rows at most. */
async function instansiNamed(tx: Tx, q: string): Promise<number[]> {
  return (await tx.select({ id: instansi.id }).from(instansi).where(sql`${instansi.nama} ilike ${containsPattern(q)}`)).map((row) => row.id);
}

/**
 * The participant's name contains `q` or its school / campus is one of `instansiIds` (those
 * named like it, found first). With the schools' ids written in, the planner sees one condition
 * it can estimate: a rare name is found in the name's trigram index, a common one ('Budi': 4 % of
 * 100,000) in one pass over the participants — where a union of sub-selects made it scan them
 * twice (~0.2 → ~0.1 s), and an OR with a sub-select scanned every participant for any name.
 */
function nameOrInstansiHas(q: string, instansiIds: readonly number[]): SQL {
  return instansiIds.length === 0 ? nameHas(q) : sql`(${nameHas(q)} or ${idIn(peserta.instansi_id, [...instansiIds])})`;
}

/** The internship overlaps [dari, sampai] (an open end matches anything). */
function overlaps(dari: string | undefined, sampai: string | undefined): SQL | undefined {
  return and(dari === undefined ? undefined : gte(peserta.tanggal_selesai, dari), sampai === undefined ? undefined : lte(peserta.tanggal_masuk, sampai));
}

/** The internship lies fully inside [dari, sampai] (an open end matches anything). */
function inside(dari: string | undefined, sampai: string | undefined): SQL | undefined {
  return and(dari === undefined ? undefined : gte(peserta.tanggal_masuk, dari), sampai === undefined ? undefined : lte(peserta.tanggal_selesai, sampai));
}

/**
 * In the approval list (inApprovalList of src/domain/nilai.ts, as services/approval.ts counts):
 * the division and level have active competencies, and the participant has a score on each of
 * them. `candidates` (a name, a division or a period the search gives) are few: each one's
 * needed competencies are probed in the scores' unique index. With nothing narrowing the search
 * the participants missing a score are the kept set of approval-unscored.ts (`unscored`), not
 * found again among every participant on each request.
 */
function inApprovalList(candidates: SQL | undefined, unscored: readonly number[]): SQL {
  if (candidates !== undefined) return scoresComplete();
  const hasNeeded = sql`exists (select 1 from (${neededCompetencies}) as needed where needed.divisi_id = ${peserta.divisi_id} and needed.jenjang = ${peserta.jenjang})`;
  // One array parameter (a list of thousands of parameters would near the protocol's limit).
  return sql`(${hasNeeded} and ${peserta.id} not in (select unnest(${`{${unscored.join(',')}}`}::int[])))`;
}

/**
 * The filters that keep few participants (a name, a division, a period): they also bound the
 * approval list's score check. `instansiIds`: the schools named like `q` (instansiNamed).
 */
function narrowingOf(query: ArsipPesertaQuery, instansiIds: readonly number[]): SQL | undefined {
  return and(
    query.q === '' ? undefined : query.daftar === 'approval' ? nameHas(query.q) : nameOrInstansiHas(query.q, instansiIds),
    query.divisi_id === undefined ? undefined : eq(peserta.divisi_id, query.divisi_id),
    overlaps(query.dari, query.sampai),
  );
}

/** The WHERE of GET /api/peserta/arsip; `unscored`: the participants missing a needed score, when nothing narrows an approval search. */
function pesertaArsipWhere(query: ArsipPesertaQuery, narrowing: SQL | undefined, unscored: readonly number[]): SQL | undefined {
  return and(
    query.jenjang === undefined ? undefined : eq(peserta.jenjang, query.jenjang),
    narrowing,
    query.status === 'lengkap' ? fullyApproved() : query.status === 'belum' ? not(fullyApproved()) : undefined,
    query.daftar === 'approval' ? inApprovalList(narrowing, unscored) : undefined,
  );
}

const byName = [sql`lower(${peserta.nama})`, peserta.nama, peserta.id];

type PageOrder = readonly (SQL | typeof peserta.id | typeof peserta.nama)[];

/** The total and the ids of one page, in `order`: a count, then the page's ids. */
async function pageIds(tx: Tx, where: SQL | undefined, order: PageOrder, page: number, limit: number) {
  const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(peserta).where(where);
  const total = Number(counted?.total ?? 0);
  const offset = (page - 1) * limit;
  if (offset >= total) return { total, ids: [] as number[] };
  const rows = await tx.select({ id: peserta.id }).from(peserta).where(where).orderBy(...order).limit(limit).offset(offset);
  return { total, ids: rows.map((row) => row.id) };
}

/**
 * pageIds for a WHERE costly to evaluate (a name search, the approval list's score check): the matching rows
 * found once (a materialized CTE named like the table, so `where` and `order` read its columns)
 * and both the total and the page taken from them — not the check run twice.
 */
async function pageIdsOnce(tx: Tx, where: SQL | undefined, order: PageOrder, page: number, limit: number) {
  const offset = (page - 1) * limit;
  await raiseWorkMem(tx); // the score anti-join's hash
  const result = await tx.execute<{ total: number; ids: number[] | null }>(sql`
    with matched as materialized (select ${peserta.id}, ${peserta.nama}, ${peserta.tanggal_masuk} from ${peserta} where ${where ?? sql`true`})
    select (select count(*)::int from matched) as total,
      (select array_agg(page.id) from (select ${peserta.id} from matched as ${peserta} order by ${sql.join([...order], sql`, `)} limit ${limit} offset ${offset}) as page) as ids`);
  const [row] = rowsOf<{ total: number; ids: number[] | null }>(result);
  return { total: Number(row?.total ?? 0), ids: (row?.ids ?? []).map(Number) };
}

/** `rows` in the order of `ids`. */
function inIdOrder<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /api/peserta/arsip: one page of every participant matching the filters, newest first.
 * `unscoredIds`: the kept participants missing a needed score (createUnscoredKeeper).
 */
export async function searchArsipPeserta(db: Db, query: ArsipPesertaQuery, unscoredIds: () => Promise<number[]>): Promise<ArsipPage<Peserta>> {
  const narrowed = narrowingOf(query, []) !== undefined;
  const unscored = query.daftar === 'approval' && !narrowed ? await unscoredIds() : [];
  return db.transaction(
    async (tx) => {
      const narrowing = narrowingOf(query, query.q === '' || query.daftar === 'approval' ? [] : await instansiNamed(tx, query.q));
      const order = [sql`${peserta.tanggal_masuk} desc`, ...byName];
      // Once for a name, or the approval check per candidate; otherwise a count, then the page walked
      // newest first in the (jenjang, tanggal_masuk) index, or the tanggal_masuk index for both levels.
      const pick = narrowing !== undefined && (query.daftar === 'approval' || query.q !== '') ? pageIdsOnce : pageIds;
      const { total, ids } = await pick(tx, pesertaArsipWhere(query, narrowing, unscored), order, query.page, query.limit);
      const data = ids.length === 0 ? [] : inIdOrder(await selectPeserta(tx, idIn(peserta.id, ids)), ids);
      return { data, total, page: query.page, limit: query.limit };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** GET /api/sertifikat/arsip: one page of the completed participants matching the filters, by name. */
export function searchArsipSertifikat(db: Db, query: ArsipSertifikatQuery): Promise<ArsipPage<SertifikatRow>> {
  return db.transaction(
    async (tx) => {
      const where = and(
        eq(peserta.jenjang, query.jenjang),
        fullyApproved(),
        query.q === '' ? undefined : nameOrInstansiHas(query.q, await instansiNamed(tx, query.q)),
        query.divisi_id === undefined ? undefined : eq(peserta.divisi_id, query.divisi_id),
        inside(query.dari, query.sampai),
      );
      const { total, ids } = await (query.q === '' ? pageIds : pageIdsOnce)(tx, where, byName, query.page, query.limit);
      if (ids.length === 0) return { data: [], total, page: query.page, limit: query.limit };
      const rows = inIdOrder(await sertifikatRows(tx, idIn(peserta.id, ids)), ids);
      const issued = await validCertificates(tx, ids);
      const data = rows.map((row) => {
        const terbit = issued.get(row.id);
        return { ...row, sertifikat: terbit ? terbitOf(terbit) : null };
      });
      return { data, total, page: query.page, limit: query.limit };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
