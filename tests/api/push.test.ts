// Web Push (server/routes/push.ts, services/push-antrian.ts, services/push-sender.ts): the key
// endpoint, the caller's own subscriptions, the queue written with the change that notifies
// (never for a refused one), and the sender against a local push service that checks the VAPID
// JWT and decrypts the aes128gcm body; a 410 removes the subscription; quiet hours hold pushes
// for one morning push; a failed send waits and retries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushAntrian, pushLangganan } from '../../server/db/schema-push';
import { drainPushQueue, webPushTransport } from '../../server/services/push-sender';
import { generateVapidKeys } from '../../server/vapid-keys';
import { type DemoUsername, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';
import { makePeserta, send as sendAs, userIdOf } from '../helpers/nilai';
import { type PushService, type TestDevice, startPushService } from '../helpers/push-service';

const SUBJECT = 'mailto:admin@magang.example';
const keys = generateVapidKeys();
let t: TestApp;
let off: TestApp;
let tokens: Record<DemoUsername, string>;
let service: PushService;

beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: keys.publicKey });
  t = await buildTestApp({ config: { vapid: { ...keys, subject: SUBJECT } } });
  off = await buildTestApp();
  tokens = await demoTokens(t);
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close(), service?.close()]);
});
beforeEach(async () => {
  await t.db.delete(pushLangganan);
  service.received.length = 0;
  service.refused.length = 0;
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: DemoUsername, payload?: unknown, app = t) =>
  sendAs(app, method, url, tokens[who], payload === undefined ? {} : { payload });
const subscribe = async (who: DemoUsername, device: TestDevice) => expect((await send('POST', '/api/push/langganan', who, device.subscription)).statusCode).toBe(200);
const queued = () => t.db.select().from(pushAntrian).orderBy(pushAntrian.id);
const transport = () => webPushTransport({ ...keys, subject: SUBJECT }, service.agent);
const drain = (now = new Date()) => drainPushQueue(t.db, { transport: transport(), jamTenang: 'mati', now });
const complete = (p: { id: number; kompetensiIds: number[] }) =>
  send('POST', '/api/nilai/bulk', 'mentor', { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor: 80 })) });

describe(`Web Push (${testDbKind()})`, () => {
  it('should answer the VAPID public key to any logged-in user, and 503 with the reason when push is off', async () => {
    const res = await send('GET', '/api/push/kunci', 'mentor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: keys.publicKey });
    const offKey = await send('GET', '/api/push/kunci', 'mentor', undefined, off);
    expect(offKey.statusCode).toBe(503);
    expect(offKey.json()).toEqual({ message: 'Notifikasi push tidak diaktifkan di server ini.' });
    expect((await send('POST', '/api/push/langganan', 'hr', service.device().subscription, off)).statusCode).toBe(503);
    // The body is checked first: a bad one is 400 whether push is on or off.
    const badOff = await send('POST', '/api/push/langganan', 'hr', { endpoint: 'ftp://x' }, off);
    expect(badOff.statusCode).toBe(400);
    expect((badOff.json() as { message: string }).message).toContain('endpoint harus alamat https://');
    expect((await send('POST', '/api/push/langganan', 'hr', undefined, off)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/kunci' })).statusCode).toBe(401);
  });

  it.each([
    ['an http endpoint', (s: TestDevice['subscription']) => ({ ...s, endpoint: s.endpoint.replace('https:', 'http:') }), 'endpoint harus alamat https://'],
    ['no keys', (s: TestDevice['subscription']) => ({ endpoint: s.endpoint }), 'keys.p256dh dan keys.auth'],
    ['a short auth', (s: TestDevice['subscription']) => ({ ...s, keys: { ...s.keys, auth: 'abc' } }), 'keys.p256dh dan keys.auth'],
    ['a p256dh that is not base64url', (s: TestDevice['subscription']) => ({ ...s, keys: { ...s.keys, p256dh: `${s.keys.p256dh.slice(0, 80)}!!!!!!!` } }), 'keys.p256dh dan keys.auth'],
    ['no body', () => undefined, ''],
  ])('should refuse a subscription with %s (400, Indonesian)', async (_name, make, text) => {
    const res = await send('POST', '/api/push/langganan', 'hr', make(service.device().subscription));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toContain(text);
    expect(await t.db.select().from(pushLangganan)).toEqual([]);
  });

  it('should keep one subscription per device, re-assigned to whoever subscribes it last, and delete only the caller’s own', async () => {
    const device = service.device();
    await subscribe('hr', device);
    await subscribe('hr', device);
    await subscribe('pembimbing', device);
    const rows = await t.db.select().from(pushLangganan);
    expect(rows.map((row) => row.user_id)).toEqual([await userIdOf(t, 'pembimbing')]);
    // Another user's endpoint: the same answer, nothing removed.
    const other = await send('DELETE', '/api/push/langganan', 'hr', { endpoint: device.subscription.endpoint });
    expect(other.statusCode).toBe(200);
    expect(await t.db.select().from(pushLangganan)).toHaveLength(1);
    expect((await send('DELETE', '/api/push/langganan', 'hr', { endpoint: 'ftp://x' })).statusCode).toBe(400);
    const own = await send('DELETE', '/api/push/langganan', 'pembimbing', { endpoint: device.subscription.endpoint });
    expect(own.json()).toEqual({ message: 'Langganan notifikasi dihapus' });
    expect(await t.db.select().from(pushLangganan)).toEqual([]);
  });

  it('should queue a push per subscription of the recipient with the change, and none for a refused change', async () => {
    const [phone, laptop, mentorPhone] = [service.device(), service.device(), service.device()];
    await subscribe('pembimbing', phone);
    await subscribe('pembimbing', laptop);
    await subscribe('mentor', mentorPhone);
    const p = await makePeserta(t, { scores: 'kosong' });
    expect((await complete(p)).statusCode).toBe(200);
    const rows = await queued();
    // Two devices of the Pembimbing; the mentor (the actor) is never told.
    expect(rows).toHaveLength(2);
    expect(rows[0]?.payload).toMatchObject({ judul: 'Menunggu persetujuan', tautan: '/approval?status=perlu_tindakan', tag: 'notifikasi-menunggu_persetujuan-/approval?status=perlu_tindakan' });
    expect(rows[0]?.payload.isi).toMatch(/^\d+ peserta menunggu persetujuan Anda$/);
    // Saving the same scores again grows no digest: nothing more is queued.
    expect((await complete(p)).statusCode).toBe(200);
    expect(await queued()).toHaveLength(2);
    await t.db.delete(pushAntrian);
    // HR may not approve before the Pembimbing: 409, and no push to anybody.
    await subscribe('bushead', service.device());
    expect((await send('POST', `/api/review/approve/${p.id}`, 'hr')).statusCode).toBe(409);
    expect(await queued()).toEqual([]);
  });

  it('should deliver a real push: VAPID JWT checked, aes128gcm decrypted, text and link as the inbox shows them', async () => {
    const device = service.device();
    await subscribe('mentor', device);
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Menunggu' } });
    expect((await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { catatan: 'Nilai kurang lengkap' })).statusCode).toBe(200);
    const result = await drain();
    expect(result).toMatchObject({ sent: 1, retried: 0 });
    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push?.device).toBe(device.id);
    expect(push?.claims).toMatchObject({ aud: service.url, sub: SUBJECT });
    expect(push?.body).toMatchObject({ judul: 'Peserta ditolak', tautan: `/penilaian?peserta=${p.id}`, tag: `notifikasi-ditolak-/penilaian?peserta=${p.id}` });
    expect((push?.body as { isi: string }).isi).toMatch(/ditolak oleh Pembimbing: Nilai kurang lengkap\. Nilai terkunci; hanya Pembimbing yang dapat membatalkan penolakan\.$/);
    expect(await queued()).toEqual([]);
    // Sent once: a second drain has nothing.
    expect(await drain()).toMatchObject({ sent: 0 });
    expect(service.received).toHaveLength(1);
  });

  it('should remove a subscription the push service says is gone (410), with its queued pushes', async () => {
    const device = service.device();
    await subscribe('mentor', device);
    service.answer(device, 410);
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Menunggu' } });
    expect((await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { catatan: 'Ulang' })).statusCode).toBe(200);
    expect(await drain()).toMatchObject({ gone: 1, sent: 0 });
    expect(await t.db.select().from(pushLangganan)).toEqual([]);
    expect(await queued()).toEqual([]);
  });

  it('should retry a push the service could not take later, with backoff', async () => {
    const device = service.device();
    await subscribe('mentor', device);
    service.answer(device, 503);
    const p = await makePeserta(t, { reviews: { Pembimbing: 'Menunggu' } });
    expect((await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { catatan: 'Ulang' })).statusCode).toBe(200);
    const now = new Date();
    expect(await drain(now)).toMatchObject({ retried: 1 });
    const [row] = await queued();
    expect(row).toMatchObject({ percobaan: 1, sewa_sampai: null });
    expect(row?.kirim_setelah.getTime()).toBe(now.getTime() + 30_000);
    // Not due yet; once due, and the service takes it, sent.
    expect(await drain(new Date(now.getTime() + 1000))).toMatchObject({ sent: 0, retried: 0 });
    service.answer(device, 201);
    expect(await drain(new Date(now.getTime() + 31_000))).toMatchObject({ sent: 1 });
    expect(service.received).toHaveLength(1);
  });

  it('should hold pushes in the quiet hours and send each subscription one morning push at 06:00 Jakarta', async () => {
    const device = service.device();
    await subscribe('mentor', device);
    const a = await makePeserta(t, { reviews: { Pembimbing: 'Menunggu' } });
    const b = await makePeserta(t, { reviews: { Pembimbing: 'Menunggu' } });
    for (const p of [a, b]) expect((await send('POST', `/api/review/reject/${p.id}`, 'pembimbing', { catatan: 'Ulang' })).statusCode).toBe(200);
    // 22:00 Jakarta (15:00 UTC) of the coming day.
    const evening = new Date();
    evening.setUTCHours(15, 0, 0, 0);
    if (evening.getTime() < Date.now()) evening.setUTCDate(evening.getUTCDate() + 1);
    const quiet = await drainPushQueue(t.db, { transport: transport(), jamTenang: { mulai: 21, selesai: 6 }, now: evening });
    expect(quiet).toMatchObject({ held: 2, sent: 0 });
    expect(service.received).toEqual([]);
    const rows = await queued();
    const morning = new Date(evening.getTime() + 8 * 3_600_000);
    expect(rows.every((row) => row.pagi && row.kirim_setelah.getTime() === morning.getTime())).toBe(true);
    expect(await drainPushQueue(t.db, { transport: transport(), jamTenang: { mulai: 21, selesai: 6 }, now: morning })).toMatchObject({ sent: 1 });
    expect(service.received.map((push) => push.body)).toEqual([{ judul: 'Notifikasi semalam', isi: '2 notifikasi baru menunggu Anda', tautan: '/notifikasi', tag: 'notifikasi-pagi' }]);
    expect(await queued()).toEqual([]);
  });

  it('should drop the queue of a deleted user with its subscriptions', async () => {
    await subscribe('bushead', service.device());
    const [row] = await t.db.select().from(pushLangganan);
    await t.db.insert(pushAntrian).values({ langganan_id: row!.id, payload: { judul: 'x', isi: 'y', tautan: '/', tag: 't' } });
    await t.db.delete(pushLangganan).where(eq(pushLangganan.user_id, await userIdOf(t, 'bushead')));
    expect(await queued()).toEqual([]);
  });
});
