import type { DocumentSource } from '@/db/sertifikat-store';
import { sha256Hex } from '@/domain/sha256';
import { snapshotImageHashes } from '@/domain/sertifikat-terbit';
import type { DocumentRequest } from '@/workers/clients';
import { deviceGaps, planDocument } from './document-source';

/** A certificate of a batch that would print a blank signature line, and whose signatures are missing. */
export interface UnsignedInBatch {
  nama: string;
  signers: string[];
}

/** The pages of a 'Cetak Semua' batch, and the certificates among them that would print unsigned. */
export interface PreparedBatch {
  requests: DocumentRequest[];
  unsigned: UnsignedInBatch[];
}

/** What preparing a batch reads and asks. */
export interface BatchDeps {
  /** The rows' document sources as the device holds them now. */
  read: () => Promise<DocumentSource[]>;
  /** The certificate screen's pulls (rows, certificates, images), while online. */
  refill: () => Promise<void>;
  /** One image from the server by its SHA-256 (GET /api/sertifikat/gambar/{sha256}); null when it cannot be had. */
  fetchImage: (sha256: string) => Promise<Uint8Array | null>;
  online: boolean;
}

/**
 * The images the sources' certificates name that the device lacks, fetched from the server one
 * by one (kept only when the bytes hash to their name), merged into each source.
 */
async function withServerImages(sources: DocumentSource[], fetchImage: BatchDeps['fetchImage']): Promise<DocumentSource[]> {
  const missing = new Set(sources.flatMap((source) => (source.terbit ? snapshotImageHashes(source.terbit.snapshot).filter((sha) => !source.images.has(sha)) : [])));
  if (missing.size === 0) return sources;
  const fetched = new Map<string, Uint8Array>();
  for (const sha256 of missing) {
    const bytes = await fetchImage(sha256).catch(() => null);
    if (bytes && (await sha256Hex(bytes)) === sha256) fetched.set(sha256, bytes);
  }
  if (fetched.size === 0) return sources;
  return sources.map((source) => ({ ...source, images: new Map([...source.images, ...fetched]) }));
}

/**
 * 'Cetak Semua' makes one PDF on the device from every row's issued snapshot. What the device
 * lacks is asked of the server while online: first the screen's pulls (a refill may also issue a
 * certificate), then each image still missing by its hash. A certificate the device does not
 * hold at all refuses the batch with the message; one whose signature image is still missing
 * prints a blank line to sign by hand — and is listed in `unsigned`, so the user is asked before
 * anything is printed.
 */
export async function prepareBatch(names: readonly string[], deps: BatchDeps): Promise<PreparedBatch> {
  let sources = await deps.read();
  if (deps.online && sources.some((source) => deviceGaps(source).length > 0)) {
    await deps.refill();
    sources = await withServerImages(await deps.read(), deps.fetchImage);
  }
  const requests: DocumentRequest[] = [];
  const unsigned: UnsignedInBatch[] = [];
  sources.forEach((source, i) => {
    // The offline rule for what is still missing: a signature prints as a blank line.
    const plan = planDocument(source, { kind: 'pdf' }, false);
    if (plan.source === 'unavailable') throw new Error(plan.message);
    if (plan.source !== 'device') return;
    requests.push(plan.request);
    if (plan.unsigned.length > 0) unsigned.push({ nama: names[i] ?? '', signers: plan.unsigned });
  });
  return { requests, unsigned };
}
