// Web Push in Chromium, against a server with push on (VAPID_SUBJECT). The service worker's push
// handler: a message delivered with the DevTools protocol (ServiceWorker.deliverPushMessage) is
// shown with its title, text, icon, tag and link (read back with registration.getNotifications()),
// and a click takes the open window to the linked screen. The opt-in: asked only on a tap; with
// permission granted it subscribes with the server's VAPID key, sends the subscription and shows
// 'Notifikasi aktif' (and logout removes it; another user of the device is not subscribed until they tap); with permission denied it explains how to allow it;
// a server with push off offers no opt-in; an iPhone in the browser is told to add the app to the home screen first.
// Chromium's own push service (FCM) is unreachable offline, so the page's PushManager.subscribe is
// replaced by one answering a local endpoint.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MSG, type PushPayload, pushPayload } from '../../src/domain/push';
import { DESKTOP, PHONE, launchBrowser, login, newContext } from './helpers/browser';
import { apiGet, waitForServiceWorker } from './helpers/nilai';
import { type RunningServer, startServer } from './helpers/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { VAPID_SUBJECT: 'mailto:admin@magang.example' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The notifications the service worker shows now. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown }));
  });

/** The id of this origin's service worker registration, as the DevTools protocol names it. */
async function registrationId(context: BrowserContext, page: Page): Promise<{ id: string; send: (payload: PushPayload) => Promise<void> }> {
  const cdp = await context.newCDPSession(page);
  const id = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  return { id, send: async (payload) => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: id, data: JSON.stringify(payload) })) };
}

/** Replaces PushManager (subscribe / getSubscription) and Notification.requestPermission in the page. */
function stubPush(context: BrowserContext, permission: 'granted' | 'denied') {
  return context.addInitScript((answer) => {
    // The device's subscription outlives a page (as the browser's does): kept in localStorage.
    const STORED = '__stubPushEndpoint';
    const make = (endpoint: string) => ({ endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }) });
    let subscription: unknown = localStorage.getItem(STORED) ? make(localStorage.getItem(STORED)!) : null;
    const state = { permission: answer === 'granted' ? 'granted' : 'default' };
    Object.defineProperty(Notification, 'permission', { get: () => state.permission });
    Notification.requestPermission = async () => {
      state.permission = answer;
      return answer as NotificationPermission;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      (window as unknown as { __pushKey: string }).__pushKey = btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const endpoint = 'https://push.example.test/e2e-device';
      localStorage.setItem(STORED, endpoint);
      subscription = make(endpoint);
      return subscription as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
  }, permission);
}

describe('Web Push', () => {
  it('should show a pushed notification (title, text, icon, tag, link) and take the window to its screen on a click', async () => {
    const context = await newContext(browser, DESKTOP);
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    try {
      await login(page, server.url, 'mentor');
      await waitForServiceWorker(page);
      const push = await registrationId(context, page);
      const { data } = await apiGet<{ data: { id: number; nama: string }[] }>(server.url, 'hr', '/api/peserta');
      const peserta = data[0]!;
      const tautan = `/penilaian?peserta=${peserta.id}`;
      const first = pushPayload('ditolak', { nama: peserta.nama, step: 'HR', catatan: 'Perlu perbaikan' }, 1, tautan);
      await push.send(first);
      await expect.poll(() => shown(page), { timeout: 10_000 }).toEqual([
        { title: 'Peserta ditolak', body: first.isi, tag: first.tag, icon: `${server.url}/icons/icon-192.png`, data: { tautan } },
      ]);
      // A newer push of the same notification replaces the one shown.
      await push.send({ ...first, isi: `${peserta.nama} ditolak oleh HR: Revisi` });
      await expect.poll(async () => (await shown(page)).map((n) => n.body), { timeout: 10_000 }).toEqual([`${peserta.nama} ditolak oleh HR: Revisi`]);

      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      await worker!.evaluate(`(async () => {
        const [notification] = await self.registration.getNotifications();
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
      })()`);
      await page.waitForURL(`${server.url}${tautan}`);
      await page.getByRole('heading', { name: 'Penilaian Peserta Magang' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('should subscribe only on a tap with permission granted, show "Notifikasi aktif", and remove the subscription at logout', async () => {
    const context = await newContext(browser, DESKTOP);
    await stubPush(context, 'granted');
    const page = await context.newPage();
    const posted: { method: string; status: number }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/push/langganan')) posted.push({ method: response.request().method(), status: response.status() });
    });
    try {
      await login(page, server.url, 'pembimbing');
      await waitForServiceWorker(page);
      await page.goto(`${server.url}/profile`);
      const card = page.getByRole('region', { name: 'Notifikasi' }).or(page.locator('section[aria-labelledby="profile-push-title"]'));
      const button = card.getByRole('button', { name: PUSH_MSG.enable });
      await button.waitFor();
      // Nothing is asked or sent before the tap (permission granted with no subscription yet).
      expect(posted).toEqual([]);
      await button.click();
      await card.getByText(PUSH_MSG.active).waitFor();
      expect(posted).toEqual([{ method: 'POST', status: 200 }]);
      const { publicKey } = await apiGet<{ publicKey: string }>(server.url, 'pembimbing', '/api/push/kunci');
      expect(await page.evaluate(() => (window as unknown as { __pushKey: string }).__pushKey)).toBe(publicKey);

      await page.getByRole('button', { name: 'Menu pengguna' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${server.url}/`);
      await expect.poll(() => posted.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 200', 'DELETE 200']);

      // Another user of this device (permission still granted, the subscription still there) gets
      // no pushes until they tap for themselves: nothing is sent at their start.
      await login(page, server.url, 'hr');
      await page.goto(`${server.url}/profile`);
      await card.getByRole('button', { name: PUSH_MSG.enable }).waitFor();
      await page.waitForTimeout(1_500);
      expect(posted.map((r) => r.method)).toEqual(['POST', 'DELETE']);
      await page.getByRole('button', { name: 'Menu pengguna' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(`${server.url}/`);
      // The user who opted in here gets the subscription sent again at their next start.
      await login(page, server.url, 'pembimbing');
      await expect.poll(() => posted.map((r) => `${r.method} ${r.status}`), { timeout: 10_000 }).toEqual(['POST 200', 'DELETE 200', 'POST 200']);
    } finally {
      await context.close();
    }
  });

  it('should explain how to allow notifications when the permission is denied', async () => {
    const context = await newContext(browser, DESKTOP);
    await stubPush(context, 'denied');
    const page = await context.newPage();
    try {
      await login(page, server.url, 'hr');
      await page.getByRole('link', { name: /^Notifikasi/ }).click();
      const panel = page.getByRole('region', { name: 'Notifikasi' });
      await panel.getByRole('button', { name: PUSH_MSG.enable }).click();
      await panel.getByText(/Notifikasi diblokir untuk aplikasi ini\. Izinkan lewat pengaturan situs/).waitFor();
      expect(await panel.getByRole('button', { name: PUSH_MSG.enable }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('should tell an iPhone user in the browser to add the app to the home screen first, offering no opt-in', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const context = await browser.newContext({ viewport: PHONE, locale: 'id-ID', userAgent: iphone, hasTouch: true, isMobile: true });
    await stubPush(context, 'granted');
    const page = await context.newPage();
    try {
      await login(page, server.url, 'hr');
      await page.goto(`${server.url}/profile`);
      const card = page.locator('section[aria-labelledby="profile-push-title"]');
      await card.getByText(PUSH_MSG.needsInstall).waitFor();
      await card.getByText(PUSH_MSG.needsInstallHint).waitFor();
      expect(await card.getByRole('button', { name: PUSH_MSG.enable }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('should offer nothing when the server has push off: no line in the inbox, the reason on the profile', async () => {
    const plain = await startServer();
    const context = await newContext(browser, DESKTOP);
    await stubPush(context, 'granted');
    const page = await context.newPage();
    try {
      await login(page, plain.url, 'hr');
      await page.goto(`${plain.url}/profile`);
      const card = page.locator('section[aria-labelledby="profile-push-title"]');
      await card.getByText(PUSH_MSG.disabled).waitFor();
      expect(await card.getByRole('button', { name: PUSH_MSG.enable }).count()).toBe(0);
      await page.getByRole('link', { name: /^Notifikasi/ }).click();
      const panel = page.getByRole('region', { name: 'Notifikasi' });
      await panel.getByText('Belum ada notifikasi').or(panel.getByRole('list')).first().waitFor();
      expect(await panel.getByRole('button', { name: PUSH_MSG.enable }).count()).toBe(0);
    } finally {
      await context.close();
      await plain.stop();
    }
  });
});
