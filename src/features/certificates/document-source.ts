import { type ApiClient, isApiError } from '@/api/client';
import type { DocumentSource } from '@/db/sertifikat-store';
import type { GradeItem } from '@/domain/grade';
import type { DocumentRequest } from '@/workers/clients';
import { CERTIFICATE_TEXT, documentRequest, unsignedNames } from './document-requests';

/** One document a row can ask for. */
export type PrintJob = { kind: 'pdf' } | { kind: 'pptx' } | { kind: 'daftarNilai'; thresholds: readonly GradeItem[] };

/** Something a document prints that the device does not hold, so its copy would differ from the server's. */
type DeviceGap = 'sertifikat' | 'signature';

/**
 * What the device lacks to make a document of `source` exactly as the server makes it: the issued
 * certificate (its snapshot holds everything else the documents print), or a signature image
 * the snapshot names.
 */
export function deviceGaps(source: DocumentSource): DeviceGap[] {
  if (!source.terbit) return ['sertifikat'];
  return unsignedNames(source).length > 0 ? ['signature'] : [];
}

/** Where a document comes from. */
type DocumentPlan =
  /** Made on the device; `unsigned` names the signers printed as a blank line (offline only). */
  | { source: 'device'; request: DocumentRequest; unsigned: string[] }
  /** The device lacks something and may reach the server: the server's endpoint makes it. */
  | { source: 'server' }
  /** Offline and the device cannot make it: `message` says so. */
  | { source: 'unavailable'; message: string };

function deviceRequest(source: DocumentSource, job: PrintJob): DocumentRequest | null {
  return documentRequest(source, job.kind === 'daftarNilai' ? job.thresholds : undefined);
}

/**
 * The rule: a device holding everything makes the document itself (the same bytes as the
 * server's, also offline). Lacking something, it asks the server while online. Offline, a
 * document whose only gap is a signature is printed with a blank line to sign by hand (the
 * user is told whose); any other gap would print wrong data, so it is refused with the message.
 */
export function planDocument(source: DocumentSource, job: PrintJob, online: boolean): DocumentPlan {
  const gaps = deviceGaps(source);
  const request = deviceRequest(source, job);
  if (gaps.length === 0 && request) return { source: 'device', request, unsigned: [] };
  if (online) return { source: 'server' };
  if (request && gaps.every((gap) => gap === 'signature')) return { source: 'device', request, unsigned: unsignedNames(source) };
  return { source: 'unavailable', message: CERTIFICATE_TEXT.noOrganisasi };
}

/** The two ways a document is made. */
export interface DocumentMakers<T> {
  onDevice: (request: DocumentRequest) => Promise<T>;
  fromServer: () => Promise<T>;
}

/** A made document and the signers printed as a blank line. */
interface MadeDocument<T> {
  file: T;
  unsigned: string[];
}

/**
 * Makes the document as planDocument says. A server that gives no answer (status 0) counts as
 * offline: the offline plan is followed. A server that answers with an error rejects with its
 * message. An unavailable document rejects with the message.
 */
export async function makeDocument<T>(
  source: DocumentSource,
  job: PrintJob,
  online: boolean,
  makers: DocumentMakers<T>,
): Promise<MadeDocument<T>> {
  const plan = planDocument(source, job, online);
  if (plan.source === 'server') {
    try {
      return { file: await makers.fromServer(), unsigned: [] };
    } catch (error) {
      if (!(isApiError(error) && error.isNetworkError)) throw error;
      return makeDocument(source, job, false, makers);
    }
  }
  if (plan.source === 'unavailable') throw new DocumentUnavailableError(plan.message);
  return { file: await makers.onDevice(plan.request), unsigned: plan.unsigned };
}

/** A document that cannot even start: the device lacks what it prints and the server is out of reach. */
export class DocumentUnavailableError extends Error {}

/** The server's endpoint of `job` for participant `id` (the Daftar Nilai carries its thresholds). */
export function documentPath(job: PrintJob, id: number): string {
  if (job.kind === 'pdf') return `/api/sertifikat/generate/${id}`;
  if (job.kind === 'pptx') return `/api/sertifikat/generate-ppt/${id}`;
  const items = job.thresholds.map(({ huruf, min, predikat }) => ({ huruf, min, predikat }));
  return `/api/nilai/cetak/${id}?gradeConfig=${encodeURIComponent(JSON.stringify(items))}`;
}

/** The preview's endpoint (a PNG of the certificate). */
export function previewPath(id: number): string {
  return `/api/sertifikat/preview/${id}`;
}

/** The bytes the server answers at `path` (rejects with the client's ApiError). */
export async function serverFile(api: ApiClient, path: string, signal?: AbortSignal): Promise<Uint8Array> {
  const answer = await api.getBytes(path, { signal });
  // Only a request with If-None-Match can answer nothing (304); this one has none.
  if (!answer) throw new Error(CERTIFICATE_TEXT.noOrganisasi);
  return answer.bytes;
}
