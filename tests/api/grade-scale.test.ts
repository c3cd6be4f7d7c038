// One scale for a participant's two documents: the certificate and the Daftar Nilai printed
// without a chosen template grade the same average with the same letter and predikat, even
// when HR keeps a template of the participant's level with other words (the demo seed's
// 'Standar SMK': 'B – Baik' from 80). The texts are read back from the PDFs the API serves.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSHEAD, DISETUJUI, HR, PEMBIMBING } from '../../src/domain/approval-chain';
import { gradeFor } from '../../src/domain/grade';
import { certificateGradeItems, parseGradeConfig } from '../../src/domain/sertifikat';
import { nilai } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';
import { makePeserta } from '../helpers/nilai';
import { pdfText } from '../helpers/pdf-text';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

/** A level-SMK participant with these scores (in competency order), approved by all three steps. */
async function approvedWith(scores: readonly number[]): Promise<number> {
  const made = await makePeserta(t, { reviews: { [PEMBIMBING]: DISETUJUI, [HR]: DISETUJUI } });
  expect(made.kompetensiIds).toHaveLength(scores.length);
  for (const [i, kompetensiId] of made.kompetensiIds.entries()) {
    await t.db.update(nilai).set({ skor: scores[i] ?? 0 }).where(and(eq(nilai.peserta_id, made.id), eq(nilai.kompetensi_id, kompetensiId)));
  }
  expect((await call(t, 'POST', `/api/review/approve/${made.id}`, tokens.bushead, {})).statusCode).toBe(200);
  return made.id;
}

describe('the grade of the average on the certificate and the Daftar Nilai', () => {
  it('should be one scale: the certificate is issued with the default transcript thresholds', () => {
    expect(certificateGradeItems()).toEqual(parseGradeConfig(undefined));
  });

  it.each([
    { scores: [70, 80, 83, 96], average: '82,25', letter: 'B', predikat: 'Memuaskan' },
    { scores: [90, 90, 92, 96], average: '92,00', letter: 'A', predikat: 'Sangat Memuaskan' },
    { scores: [70, 70, 71, 72], average: '70,75', letter: 'C', predikat: 'Cukup Memuaskan' },
  ])('should print $average as $letter $predikat on both documents', async ({ scores, average, letter, predikat }) => {
    const [seededTemplate] = (await call(t, 'GET', '/api/grade', tokens.hr)).json().data.filter((g: { kategori: string }) => g.kategori === 'SMK');
    // The level keeps a template with other words for the same average: it does not grade the certificate.
    expect(gradeFor(Number(average.replace(',', '.')), seededTemplate.items)?.predikat).not.toBe(predikat);

    const id = await approvedWith(scores);
    const certificate = await call(t, 'GET', `/api/sertifikat/generate/${id}`, tokens.hr);
    const transcript = await call(t, 'GET', `/api/nilai/cetak/${id}`, tokens.hr);
    expect([certificate.statusCode, transcript.statusCode]).toEqual([200, 200]);
    expect(await pdfText(certificate.rawPayload)).toContain(`dengan nilai rata-rata ${average} (${letter} – ${predikat})`);
    expect(await pdfText(transcript.rawPayload)).toContain(`Rata-rata ${average} ${letter} ${predikat}`);
  });
});
