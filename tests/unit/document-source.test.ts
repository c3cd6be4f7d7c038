import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { sha256Hex } from '@/domain/sha256';
import type { DocumentSource } from '@/db/sertifikat-store';
import type { SertifikatPeserta } from '@/domain/sertifikat';
import type { SertifikatRow } from '@/domain/sertifikat-terbit';
import { CERTIFICATE_TEXT, documentRequest, unsignedNames } from '@/features/certificates/document-requests';
import {
  type DocumentMakers,
  type PrintJob,
  deviceGaps,
  documentPath,
  makeDocument,
  planDocument,
  DocumentUnavailableError,
} from '@/features/certificates/document-source';
import { BUSHEAD_ID, CHOSEN_THRESHOLDS, PEMBIMBING_ID, sertifikatRow } from '../helpers/documents';
import { SNAPSHOT_ORGANISASI, terbitOf, terbitRow } from '../helpers/sertifikat-terbit';

const PNG_P = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]);
const SHA_P = await sha256Hex(PNG_P);
const SHA_B = await sha256Hex(PNG_B);

/** The participant as issued: both signers with the PNGs above, BusHead with a full name. */
function issued(overrides: Partial<SertifikatPeserta> = {}): SertifikatPeserta {
  return sertifikatRow({
    penandatangan: {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: SHA_P },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: SHA_B, nama_lengkap: 'Dr. Dewi Lestari' },
    },
    ...overrides,
  });
}

/** A row whose certificate froze `issued()`; the row itself as printed today may differ. */
function row(today: Partial<SertifikatPeserta> = {}): SertifikatRow {
  return terbitRow(issued(today), terbitOf(issued()));
}

/** What a document of `r` is made from: its certificate and the images of the snapshot; `without` drops one image. */
function src(r: SertifikatRow, without?: 'pembimbing' | 'bushead'): DocumentSource {
  const images = new Map([
    [SHA_P, PNG_P],
    [SHA_B, PNG_B],
  ]);
  if (without === 'pembimbing') images.delete(SHA_P);
  if (without === 'bushead') images.delete(SHA_B);
  return { id: r.id, terbit: r.sertifikat, images };
}

const PDF: PrintJob = { kind: 'pdf' };
const TRANSCRIPT: PrintJob = { kind: 'daftarNilai', thresholds: CHOSEN_THRESHOLDS };

/** Makers that record which way was taken; the server answers `server` (a function may throw). */
function makers(server: () => Promise<string> = async () => 'server') {
  const calls: string[] = [];
  const ways: DocumentMakers<string> = {
    onDevice: async (request) => {
      calls.push(`device:${request.sources.signatures.size}`);
      return 'device';
    },
    fromServer: async () => {
      calls.push('server');
      return server();
    },
  };
  return { calls, ways };
}

describe('documentRequest', () => {
  it('should print the snapshot, not the row as it is today, with the images by hash and the verification', () => {
    const changed = row({ nama: 'Nama Baru', instansi: { nama: 'Sekolah Baru' } });
    const request = documentRequest(src(changed))!;
    expect(request.row.nama).toBe('Siti Nurhaliza Putri');
    expect(request.row.instansi.nama).not.toBe('Sekolah Baru');
    expect(request.sources.organisasi).toEqual(SNAPSHOT_ORGANISASI);
    expect([...request.sources.signatures.keys()].sort()).toEqual([PEMBIMBING_ID, BUSHEAD_ID].sort());
    expect(request.sources.signatures.get(BUSHEAD_ID)).toBe(PNG_B);
    expect(request.sources.verifikasi).toEqual({ kode: changed.sertifikat!.kode, url: changed.sertifikat!.url });
    expect(request.sources.thresholds).toEqual(changed.sertifikat!.snapshot.thresholds);
  });

  it('should take the thresholds chosen for a Daftar Nilai, and give nothing for a row without a certificate', () => {
    expect(documentRequest(src(row()), CHOSEN_THRESHOLDS)?.sources.thresholds).toEqual(CHOSEN_THRESHOLDS);
    expect(documentRequest(src(terbitRow(issued(), null)))).toBeNull();
  });

  it("should name the signers whose image is not on the device, by full name or username, from the snapshot", () => {
    expect(unsignedNames(src(row()))).toEqual([]);
    expect(unsignedNames(src(row(), 'pembimbing'))).toEqual(['budi.santoso']);
    expect(unsignedNames(src(row(), 'bushead'))).toEqual(['Dr. Dewi Lestari']);
    // A signer without an image at issue is no gap: the certificate prints a blank line everywhere.
    const none = terbitRow(issued(), terbitOf(issued({ penandatangan: { Pembimbing: null, BusHead: { id: BUSHEAD_ID, username: 'dewi', signature: null } } })));
    expect(unsignedNames(src(none, 'pembimbing'))).toEqual([]);
  });
});

describe('deviceGaps', () => {
  it('should find nothing missing when the images are on the device, a signature when one is not, the certificate when none was issued', () => {
    expect(deviceGaps(src(row()))).toEqual([]);
    expect(deviceGaps(src(row(), 'bushead'))).toEqual(['signature']);
    expect(deviceGaps(src(terbitRow(issued(), null)))).toEqual(['sertifikat']);
  });
});

describe('planDocument / makeDocument', () => {
  it('should make the document on the device when the device holds everything, online or not', async () => {
    for (const online of [true, false]) {
      expect(planDocument(src(row()), PDF, online).source).toBe('device');
      const { calls, ways } = makers();
      const made = await makeDocument(src(row()), PDF, online, ways);
      expect(made).toEqual({ file: 'device', unsigned: [] });
      expect(calls).toEqual(['device:2']);
    }
  });

  it.each([
    ['an image', src(row(), 'bushead')],
    ['the issued certificate', src(terbitRow(issued(), null))],
  ] as const)('should ask the server when the device lacks %s and the server answers', async (_, source) => {
    expect(planDocument(source, PDF, true)).toEqual({ source: 'server' });
    const { calls, ways } = makers();
    await expect(makeDocument(source, PDF, true, ways)).resolves.toEqual({ file: 'server', unsigned: [] });
    expect(calls).toEqual(['server']);
  });

  it('should refuse with the message offline when no certificate was issued', async () => {
    const r = terbitRow(issued(), null);
    expect(planDocument(src(r), PDF, false)).toEqual({ source: 'unavailable', message: CERTIFICATE_TEXT.noOrganisasi });
    const { calls, ways } = makers();
    await expect(makeDocument(src(r), PDF, false, ways)).rejects.toThrow(CERTIFICATE_TEXT.noOrganisasi);
    // A document that cannot even start is told apart (the Daftar Nilai says 'Gagal mencetak daftar nilai. …').
    await expect(makeDocument(src(r), PDF, false, ways)).rejects.toBeInstanceOf(DocumentUnavailableError);
    expect(calls).toEqual([]);
  });

  it('should print offline with a blank line for a missing image, naming the signer', async () => {
    const { calls, ways } = makers();
    const made = await makeDocument(src(row(), 'bushead'), TRANSCRIPT, false, ways);
    expect(made).toEqual({ file: 'device', unsigned: ['Dr. Dewi Lestari'] });
    expect(calls).toEqual(['device:1']);
  });

  it('should follow the offline rule when the server gives no answer', async () => {
    const unreachable = makers(() => Promise.reject(new ApiError(0, 'Terjadi Kesalahan Jaringan.')));
    await expect(makeDocument(src(terbitRow(issued(), null)), PDF, true, unreachable.ways)).rejects.toThrow(CERTIFICATE_TEXT.noOrganisasi);
    expect(unreachable.calls).toEqual(['server']);

    const unsigned = makers(() => Promise.reject(new ApiError(0, 'Terjadi Kesalahan Jaringan.')));
    await expect(makeDocument(src(row(), 'pembimbing'), PDF, true, unsigned.ways)).resolves.toEqual({ file: 'device', unsigned: ['budi.santoso'] });
    expect(unsigned.calls).toEqual(['server', 'device:1']);
  });

  it("should reject with the server's message when the server answers an error", async () => {
    const refused = makers(() => Promise.reject(new ApiError(409, 'Sertifikat hanya dapat dibuat untuk peserta yang sudah disetujui')));
    await expect(makeDocument(src(row(), 'bushead'), PDF, true, refused.ways)).rejects.toThrow('Sertifikat hanya dapat dibuat');
    expect(refused.calls).toEqual(['server']);
  });
});

describe('documentPath', () => {
  it("should name the server's endpoint of each document, the Daftar Nilai with its thresholds", () => {
    expect(documentPath({ kind: 'pdf' }, 42)).toBe('/api/sertifikat/generate/42');
    expect(documentPath({ kind: 'pptx' }, 42)).toBe('/api/sertifikat/generate-ppt/42');
    const path = documentPath(TRANSCRIPT, 42);
    const url = new URL(path, 'http://localhost');
    expect(url.pathname).toBe('/api/nilai/cetak/42');
    expect(JSON.parse(url.searchParams.get('gradeConfig')!)).toEqual(CHOSEN_THRESHOLDS);
  });
});
