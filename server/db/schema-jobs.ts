/**
 * The server's scheduled jobs, beside schema.ts with the same conventions.
 */
import { date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './schema';

/**
 * One row per daily job and Jakarta day that ran: the instance whose insert of the day's row
 * commits runs the job, in the same transaction (server/services/pengingat.ts), so several
 * instances on one database run it once, and a run that fails leaves no row.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    tanggal: date('tanggal', { mode: 'string' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ name: 'job_runs_pk', columns: [t.name, t.tanggal] })],
);
