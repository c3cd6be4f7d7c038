import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // src/main.tsx registers the worker itself with workbox-window (production only).
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves. With `manifest: false` the plugin
      // neither generates a manifest nor adds it or its icons to the precache list, so the
      // glob below is the only place they are picked up: each file is precached exactly once.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,webmanifest,txt}'],
        // A classic (non-module) worker: works on every browser that has service workers.
        rollupFormat: 'iife',
      },
    }),
  ],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks keep their precache
        // entries (hashed names) valid across app releases, so an update downloads less.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'data', test: /node_modules[\\/](dexie|dexie-react-hooks|zod|workbox-window)[\\/]/ },
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
});
