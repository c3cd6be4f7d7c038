// Many participants at once for the tests at a documented limit: one made as makePeserta makes
// it, then `count` like it in one insert each for the participants, their NIS and their three
// approval steps (Menunggu) — hundreds in the time of a few.
import { eq } from 'drizzle-orm';
import { APPROVAL_STEPS, MENUNGGU } from '../../src/domain/approval-chain';
import { peserta, pesertaSiswa, reviews } from '../../server/db/schema';
import type { TestApp } from './build-app';
import { makePeserta } from './nilai';

/** `count` SMK participants of the demo mentor, ids ascending, and the competencies each is scored on. */
export async function manyPeserta(
  t: TestApp,
  count: number,
  period: { tanggal_masuk: string; tanggal_selesai: string } = { tanggal_masuk: '2026-01-05', tanggal_selesai: '2026-04-03' },
): Promise<{ ids: number[]; kompetensiIds: number[] }> {
  const model = await makePeserta(t, { reviews: null, scores: 'kosong' });
  const [row] = await t.db.select().from(peserta).where(eq(peserta.id, model.id));
  if (!row) throw new Error('no model participant');
  const { id: _id, change_xid: _xid, ...fields } = row;
  const made = await t.db
    .insert(peserta)
    .values(Array.from({ length: count }, (_, n) => ({ ...fields, ...period, nama: `Peserta Batas ${model.id}-${n + 1}` })))
    .returning({ id: peserta.id });
  const ids = made.map((m) => m.id).sort((a, b) => a - b);
  await t.db.insert(pesertaSiswa).values(ids.map((id) => ({ peserta_id: id, nis: `BATAS${id}`, jurusan: 'TKJ' })));
  await t.db
    .insert(reviews)
    .values(ids.flatMap((id) => APPROVAL_STEPS.map((step): typeof reviews.$inferInsert => ({ peserta_id: id, role_reviewer: step, status: MENUNGGU }))));
  return { ids, kompetensiIds: model.kompetensiIds };
}
