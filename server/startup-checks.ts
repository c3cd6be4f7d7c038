// Checks and one-time repairs of stored data at every start, after the migrations and the seed:
// images larger than print needs are scaled down (services/print-size-images.ts), and valid
// certificates whose QR link opens a loopback address are listed (loopback-certificates.ts).
import type { Config } from './config';
import type { Db } from './db/client';
import { warnLoopbackCertificates } from './loopback-certificates';
import { PRINT_MAX_DIMENSION } from './services/png';
import { scaleStoredImagesToPrintSize } from './services/print-size-images';

/** Runs the start-up checks; prints what it changed or found. */
export async function runStartupChecks(db: Db, config: Pick<Config, 'publicUrl'>): Promise<void> {
  const scaled = await scaleStoredImagesToPrintSize(db);
  if (scaled > 0) console.log(`${scaled} logo / tanda tangan diperkecil ke ukuran cetak (sisi terpanjang ${PRINT_MAX_DIMENSION} px)`);
  await warnLoopbackCertificates(db, config);
}
