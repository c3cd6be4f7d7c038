import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * `vite build --mode test-hooks`: the app with the browser-test hooks (src/app/sync/test-hooks.ts),
 * written to its own folder for the browser tests that need them (tests/e2e/helpers/test-hooks-web.ts).
 * The product build (`npm run build`, dist/web) has neither the hooks nor their flag.
 */
const TEST_HOOKS_MODE = 'test-hooks';

export default defineConfig(({ mode }) => ({
  define: { __MAGANG_TEST_HOOKS__: JSON.stringify(mode === TEST_HOOKS_MODE) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // src/boot.ts registers the worker itself with workbox-window (production only).
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves. With `manifest: false` the plugin
      // neither generates a manifest nor adds it or its icons to the precache list, so the
      // glob below is the only place they are picked up: each file is precached exactly once.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest,txt}'],
        // jspdf's lazy chunks for .html() and SVG drawing (html2canvas, dompurify, canvg and its
        // helpers) are never loaded by the documents worker: keep them out of the precache. The
        // worker chunk itself, with its embedded font data, is .js and precached by the glob.
        // The manifest's screenshots (public/screenshots) are for the install dialog only: fetched
        // online when it opens, never needed offline, so they stay out of the precache too.
        globIgnores: ['**/node_modules/**/*', '**/html2canvas*.js', '**/purify*.js', '**/index.es-*.js', '**/screenshots/**'],
        // A classic (non-module) worker: works on every browser that has service workers.
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: { alias: { '@': src } },
  // Workers start as module workers (src/workers/clients.ts). ES output lets a worker split
  // chunks: jspdf's lazy imports (html2canvas, canvg, dompurify) stay separate files, ignored
  // by the precache above, instead of being inlined into the documents worker.
  worker: { format: 'es' },
  build: {
    outDir: mode === TEST_HOOKS_MODE ? 'dist/web-test-hooks' : 'dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: the chunk graph scripts/check-bundle.mjs walks for the
    // first-route JS budget (not precached: the injectManifest glob above matches no .json).
    manifest: true,
    // Each screen is its own JS chunk (src/app/routes), but the CSS stays one file (~9 KB gzip):
    // per-screen stylesheets would join the cascade in whatever order the screens are opened.
    cssCodeSplit: false,
    rolldownOptions: {
      // index.html loads only src/boot.ts, which imports src/main.tsx after the first paint
      // (a faster first paint, see src/boot.ts). main.tsx is an entry of its own, so its static imports stay
      // the `$initial` start-up code below and the first-route JS check counts them.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), main: fileURLToPath(new URL('./src/main.tsx', import.meta.url)) },
      output: {
        // Libraries change less often than app code: separate chunks keep their precache
        // entries (hashed names) valid across app releases, so an update downloads less.
        // Dexie, zod and workbox-window are each a group of their own: the login page loads
        // none of them at start-up, and a group shared with a start-up library would drag
        // them all onto the first route (its JS budget: `npm run check:bundle`).
        //
        // App code: what the first screen needs ($initial: the entry's static imports) is one
        // chunk; the code the logged-in screens share (layout, ui, domain, db, sync, api) is
        // another, instead of dozens of small automatic chunks — on a phone each request costs
        // a round trip (HTTP/1.1, six connections). Screens (src/features), the dashboard's
        // charts and the worker clients stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            { name: 'dexie', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/, priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
            { name: 'workbox', test: /node_modules[\\/]workbox-window[\\/]/, priority: 30 },
            // Vite's modulepreload helper, used by every lazy import: its own tiny chunk, else the
            // HTML's entry (src/boot.ts) would import it from the start code it means to defer.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 40 },
            // What boot.ts itself needs before the app loads: the beforeinstallprompt store (it
            // must listen from the start), the live login form (src/app/login-shell.ts, with
            // the two constants it reads), the service worker registration (it registers on the
            // login page too; the update prompt loaded later with the app shares its state) and
            // the database release on pagehide (before any connection opens). A ~2 KB chunk of
            // their own, for the same reason.
            {
              name: 'boot-early',
              test: /[\\/]src[\\/](app[\\/]pwa[\\/](install-(prompt|platform)|register-sw)|app[\\/]login-shell|app[\\/]release-database|app[\\/]session[\\/]session-keys|db[\\/]db-name)\.ts$/,
              priority: 40,
            },
            // boot.ts stays alone in the HTML's entry chunk (it must not pull the start code with it).
            { name: 'start', test: /[\\/]src[\\/](?!boot\.ts$)/, tags: ['$initial'], priority: 20 },
            // The pure rules and texts: shared by the logged-in screens and the public
            // verification page, which must not load the logged-in app (layout, device
            // database, outbox) to show one certificate.
            { name: 'domain', test: /[\\/]src[\\/]domain[\\/]/, priority: 11 },
            {
              name: 'app',
              test: (id) =>
                /[\\/]src[\\/](ui|domain|db|sync|api|app[\\/](layout|sync))[\\/]/.test(id) &&
                !/[\\/]src[\\/]ui[\\/](bar-chart|donut-chart|chart-data)\./.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
}));
