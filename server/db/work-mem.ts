// Memory for one sort or hash of a heavy read (PostgreSQL's and PGlite's default is 4 MB): the
// approval archive's anti-join hashes every score (~390,000 at 100,000 participants, ~7 MB) and
// the attendance recap groups a period's marks by participant (1.2 million marks of 10,000);
// with 4 MB both spilled to disk or fell back to a slower plan. Raised for the calling
// transaction only (SET LOCAL): other queries keep the default.
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

const HEAVY_READ_WORK_MEM = '16MB';

/** Gives the rest of `tx` HEAVY_READ_WORK_MEM per sort or hash. */
export async function raiseWorkMem(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`set local work_mem = '${HEAVY_READ_WORK_MEM}'`));
}
