// Images stored before uploads were scaled to print size (png.ts): at start-up the current logo
// and every current signature larger than PRINT_MAX_DIMENSION are scaled down once, as a new
// upload of the same picture would be (new bytes, new SHA-256). Images already frozen into
// issued certificates (`dokumen_gambar` rows a snapshot names) are left as they are: each
// certificate's PDF must stay byte for byte the one whose SHA-256 it carries.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userSignatures } from '../db/schema';
import { readLogo, saveLogo } from './organisasi';
import { isOverPrintSize } from './png';
import { saveSignature } from './signatures';

/** Bytes of a PNG up to the end of its IHDR's width and height. */
const HEADER_BYTES = 24;

/** Scales the current logo and signatures down to print size where larger; answers how many were. */
export async function scaleStoredImagesToPrintSize(db: Db): Promise<number> {
  let scaled = 0;
  const logo = await readLogo(db);
  if (logo && isOverPrintSize(logo.png)) {
    await saveLogo(db, logo.png);
    scaled += 1;
  }
  // Only the headers are read to find the large ones.
  const headers = await db
    .select({ user_id: userSignatures.user_id, head: sql<Uint8Array>`substring(${userSignatures.png} from 1 for ${HEADER_BYTES})` })
    .from(userSignatures);
  for (const { user_id } of headers.filter((row) => row.head.length === HEADER_BYTES && isOverPrintSize(row.head))) {
    const [row] = await db.select({ png: userSignatures.png }).from(userSignatures).where(eq(userSignatures.user_id, user_id));
    if (!row) continue;
    await saveSignature(db, user_id, row.png);
    scaled += 1;
  }
  return scaled;
}
