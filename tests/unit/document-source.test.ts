import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { sha256Hex } from '@/sync/pull-sertifikat';
import type { GradeRecord, SignatureRecord } from '@/db/records';
import type { SertifikatMirror } from '@/db/sertifikat-mirror';
import type { SertifikatRow } from '@/domain/sertifikat';
import { CERTIFICATE_TEXT } from '@/features/certificates/document-requests';
import {
  type DocumentMakers,
  type PrintJob,
  deviceGaps,
  documentPath,
  makeDocument,
  planDocument,
  DocumentUnavailableError,
} from '@/features/certificates/document-source';
import { BUSHEAD_ID, CHOSEN_THRESHOLDS, KOMPETENSI, PEMBIMBING_ID, sertifikatRow } from '../helpers/documents';

const PNG_P = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]);
const SHA_P = await sha256Hex(PNG_P);
const SHA_B = await sha256Hex(PNG_B);
const ORGANISASI = { nama: 'PT Sinar Retail Nusantara', kota: 'Jakarta' };
const TEMPLATE: GradeRecord = { id: 1, nama: 'Standar', deskripsi: '', kategori: 'SMK', items: CHOSEN_THRESHOLDS } as unknown as GradeRecord;

/** A row signed by both signers with the PNGs above. */
function row(): SertifikatRow {
  return sertifikatRow({
    penandatangan: {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: SHA_P },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: SHA_B },
    },
  });
}

/** A mirror holding everything the row's documents print; `without` drops one piece. */
function mirror(without?: 'organisasi' | 'kompetensi' | 'grade' | 'signature'): SertifikatMirror {
  const signatures = new Map<number, SignatureRecord>([
    [PEMBIMBING_ID, { userId: PEMBIMBING_ID, sha256: SHA_P, png: PNG_P }],
    [BUSHEAD_ID, { userId: BUSHEAD_ID, sha256: SHA_B, png: PNG_B }],
  ]);
  if (without === 'signature') signatures.delete(BUSHEAD_ID);
  const kompetensi = new Map(KOMPETENSI);
  if (without === 'kompetensi') kompetensi.delete(3);
  return {
    rows: [row()],
    kompetensi,
    grade: without === 'grade' ? [] : [TEMPLATE],
    gradePulled: without !== 'grade',
    signatures,
    organisasi: without === 'organisasi' ? null : ORGANISASI,
  };
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

describe('deviceGaps', () => {
  it.each([
    ['organisasi', PDF],
    ['kompetensi', PDF],
    ['grade', PDF],
    ['signature', PDF],
    ['signature', TRANSCRIPT],
  ] as const)('should name a missing %s', (gap, job) => {
    expect(deviceGaps(row(), mirror(gap), job)).toEqual([gap]);
  });

  it('should find nothing missing in a complete mirror, and not ask a Daftar Nilai for templates (its thresholds are chosen)', () => {
    expect(deviceGaps(row(), mirror(), PDF)).toEqual([]);
    expect(deviceGaps(row(), mirror('grade'), TRANSCRIPT)).toEqual([]);
  });

  it('should count templates as pulled when the server has none but a pull answered', () => {
    expect(deviceGaps(row(), { ...mirror('grade'), gradePulled: true }, PDF)).toEqual([]);
  });
});

describe('planDocument / makeDocument', () => {
  it('should make the document on the device when the device holds everything, online or not', async () => {
    for (const online of [true, false]) {
      expect(planDocument(row(), mirror(), PDF, online).source).toBe('device');
      const { calls, ways } = makers();
      const made = await makeDocument(row(), mirror(), PDF, online, ways);
      expect(made).toEqual({ file: 'device', unsigned: [] });
      expect(calls).toEqual(['device:2']);
    }
  });

  it.each(['organisasi', 'kompetensi', 'grade', 'signature'] as const)(
    'should ask the server when the device lacks %s and the server answers',
    async (gap) => {
      expect(planDocument(row(), mirror(gap), PDF, true)).toEqual({ source: 'server' });
      const { calls, ways } = makers();
      await expect(makeDocument(row(), mirror(gap), PDF, true, ways)).resolves.toEqual({ file: 'server', unsigned: [] });
      expect(calls).toEqual(['server']);
    },
  );

  it.each(['organisasi', 'kompetensi', 'grade'] as const)('should refuse with the message offline when the device lacks %s', async (gap) => {
    expect(planDocument(row(), mirror(gap), PDF, false)).toEqual({ source: 'unavailable', message: CERTIFICATE_TEXT.noOrganisasi });
    const { calls, ways } = makers();
    await expect(makeDocument(row(), mirror(gap), PDF, false, ways)).rejects.toThrow(CERTIFICATE_TEXT.noOrganisasi);
    // A document that cannot start is told apart (the Daftar Nilai says 'Gagal mencetak daftar nilai. …').
    await expect(makeDocument(row(), mirror(gap), PDF, false, ways)).rejects.toBeInstanceOf(DocumentUnavailableError);
    expect(calls).toEqual([]);
  });

  it('should print offline with a blank line for a missing signature, naming the signer', async () => {
    const { calls, ways } = makers();
    const made = await makeDocument(row(), mirror('signature'), TRANSCRIPT, false, ways);
    expect(made).toEqual({ file: 'device', unsigned: ['dewi.lestari'] });
    expect(calls).toEqual(['device:1']);
  });

  it('should follow the offline rule when the server gives no answer', async () => {
    const unreachable = makers(() => Promise.reject(new ApiError(0, 'Terjadi Kesalahan Jaringan.')));
    await expect(makeDocument(row(), mirror('grade'), PDF, true, unreachable.ways)).rejects.toThrow(CERTIFICATE_TEXT.noOrganisasi);
    expect(unreachable.calls).toEqual(['server']);

    const unsigned = makers(() => Promise.reject(new ApiError(0, 'Terjadi Kesalahan Jaringan.')));
    await expect(makeDocument(row(), mirror('signature'), PDF, true, unsigned.ways)).resolves.toEqual({ file: 'device', unsigned: ['dewi.lestari'] });
    expect(unsigned.calls).toEqual(['server', 'device:1']);
  });

  it("should reject with the server's message when the server answers an error", async () => {
    const refused = makers(() => Promise.reject(new ApiError(409, 'Sertifikat hanya dapat dibuat untuk peserta yang sudah disetujui')));
    await expect(makeDocument(row(), mirror('signature'), PDF, true, refused.ways)).rejects.toThrow('Sertifikat hanya dapat dibuat');
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
