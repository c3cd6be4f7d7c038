// What the score-writing benchmarks (history, notifikasi) send: the demo mentor's participants no
// approver has decided on yet, each with its competencies, and a score save of one of them.
import type { Client } from './http';

/** A participant to score and the competencies it is scored on. */
export interface Target {
  peserta_id: number;
  kompetensi: number[];
}

/** The mentor's participants no approver has decided on yet, with their competencies. */
export async function openTargets(client: Client): Promise<Target[]> {
  const { data } = await client.json<{ data: { id: number; divisi_id: number; jenjang: string; reviews: { status: string }[] }[] }>(
    'GET',
    '/api/nilai/mentor/peserta',
  );
  const targets: Target[] = [];
  for (const row of data) {
    if (row.reviews.some((review) => review.status !== 'Menunggu')) continue;
    const competencies = await client.json<{ data: { id: number }[] }>('GET', `/api/nilai/divisi/${row.divisi_id}/kompetensi?jenjang=${row.jenjang}`);
    if (competencies.data.length > 0) targets.push({ peserta_id: row.id, kompetensi: competencies.data.map((k) => k.id) });
  }
  if (targets.length === 0) throw new Error('the demo mentor has no open participant to score');
  return targets;
}

/**
 * Round `round`'s score save: every score of one target, 60 and 70 in turn per pass over the
 * targets, so every request changes every score. Answers its time in ms; throws unless 200.
 */
export async function saveRound(mentor: Client, targets: readonly Target[], round: number): Promise<number> {
  const target = targets[round % targets.length] as Target;
  const skor = 60 + (Math.floor(round / targets.length) % 2) * 10;
  const body = { nilai_data: target.kompetensi.map((kompetensi_id) => ({ peserta_id: target.peserta_id, kompetensi_id, skor })) };
  const answer = await mentor.request('POST', '/api/nilai/bulk', { body });
  if (answer.status !== 200) throw new Error(`POST /api/nilai/bulk answered ${answer.status}`);
  return answer.ms;
}
