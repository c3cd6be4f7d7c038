/**
 * The page's entry (index.html): paint the HTML first, then load the app (src/main.tsx) — on
 * the login page of a first visit, only once the user starts using the form (src/app/login-shell.ts).
 *
 * For a phone's first load (P6 in docs/performance.md): the HTML already shows something useful
 * before any JS runs: the login form on '/' (dist/web/login.html, scripts/login-shell.mjs) and the
 * placeholder elsewhere. If the app's ~100 KB of JS were requested by the HTML itself, it would
 * download before that first paint and (in Lighthouse's simulated slow 4G) hold FCP and LCP back to
 * ~2.2 s; requested after the first paint it no longer does (measured: `/` FCP 2.2 s -> 1.4 s,
 * docs/performance.md). The dynamic import below fetches main.tsx's static imports in parallel
 * (Vite's preload helper), so nothing waits in a chain; the cost is the time to the first paint, on
 * a first visit.
 */

// 'Pasang aplikasi': Chromium fires beforeinstallprompt once per page load, often before
// main.tsx has loaded (measured 0.5-1.5 s after navigation); the store must listen from here.
// A tiny module of its own chunk (vite.config.ts), not the start-up code this file defers.
import { LOGIN_SHELL_SELECTOR, mayHaveSession, watchLoginShell } from './app/login-shell';
import { installPromptStore } from './app/pwa/install-prompt';
import { registerServiceWorker } from './app/pwa/register-sw';
import { releaseDatabaseOnPageHide } from './app/release-database';

// Before any connection is opened: a page left mid-transaction must not hold the database.
releaseDatabaseOnPageHide();
installPromptStore();

// zod 4 probes `new Function('')` once to decide whether it may compile fast parsers; under the
// CSP (script-src 'self', no eval) that probe is reported as a CSP violation (Lighthouse
// best-practices 'inspector-issues'). jitless skips the probe; without eval the fast path is
// never used anyway. zod reads this global when it first loads (lazily, after this line).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

let started = false;
const start = (): void => {
  if (started) return;
  started = true;
  void import('./main');
};

// Start once the first contentful paint is reported (its presentation time; a paint task can
// reach the screen 100+ ms later on a busy phone, and requests sent before then still count as
// blocking it). A hidden tab paints nothing: start at once. Without paint timing, or if nothing
// contentful paints soon, start after two frames or a second at the latest.
function startAfterFirstPaint(): void {
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  }
  setTimeout(start, 1000);
}

// The login page's HTML is a live form (src/app/login-shell.ts): on a first visit the app loads
// when the user first uses it; anyone who may have a session gets the app at once.
const loginShell = document.querySelector<HTMLElement>(LOGIN_SHELL_SELECTOR);
if (loginShell) {
  watchLoginShell(loginShell, start);
  void mayHaveSession(() => window.sessionStorage, globalThis.indexedDB ?? null).then(
    (may) => may && startAfterFirstPaint(),
    startAfterFirstPaint,
  );
} else startAfterFirstPaint();

/** Longest wait for an idle moment before the service worker is registered anyway. */
const REGISTER_IDLE_TIMEOUT_MS = 3000;

// The service worker is registered on every page, also the login page of a first visit where
// the app is not loaded yet: once the page has loaded and the main thread is idle, so its
// install (which downloads the precache) never competes with the first paint or the form.
// Safari has no requestIdleCallback: there it waits one more task.
function registerWhenIdle(): void {
  const idle = (): void => {
    const run = () => void registerServiceWorker().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: REGISTER_IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

if (import.meta.env.PROD) registerWhenIdle();
