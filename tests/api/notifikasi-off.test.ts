// The app's `notifikasi: false` setting (only the notification benchmark's baseline uses it): score
// saves and approvals then change the same but write no notifications.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifikasi } from '../../server/db/schema-notifikasi';
import { tokenOf } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send, storedStatuses } from '../helpers/nilai';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { notifikasi: false } });
});
afterAll(() => t.close());

it(`should save scores and decide without writing notifications when they are off (${testDbKind()})`, async () => {
  const p = await makePeserta(t, { scores: 'kosong' });
  const save = await send(t, 'POST', '/api/nilai/bulk', await tokenOf(t, 'mentor'), {
    payload: { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor: 80 })) },
  });
  expect(save.statusCode).toBe(200);
  expect((await send(t, 'POST', `/api/review/approve/${p.id}`, await tokenOf(t, 'pembimbing'))).statusCode).toBe(200);
  expect((await send(t, 'POST', `/api/review/cancel/${p.id}`, await tokenOf(t, 'pembimbing'))).statusCode).toBe(200);
  expect(await storedStatuses(t, p.id)).toEqual([['Pembimbing', 'Menunggu'], ['HR', 'Menunggu'], ['BusHead', 'Menunggu']]);
  expect(await t.db.select().from(notifikasi)).toEqual([]);
});
