// drizzle-kit: `npm run db:generate` writes a new SQL migration for changes to the schema.
// Applied migrations are never edited; the server applies pending ones at start-up.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/schema-sertifikat.ts', './server/db/schema-presensi.ts', './server/db/schema-riwayat.ts', './server/db/schema-notifikasi.ts', './server/db/schema-push.ts', './server/db/schema-jobs.ts', './server/db/schema-server-state.ts'],
  out: './server/db/migrations',
  strict: true,
});
