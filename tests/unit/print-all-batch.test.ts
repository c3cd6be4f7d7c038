// 'Cetak Semua' (prepareBatch): online, an image the device lacks is asked of the server by its
// hash before anything is printed; a signature still missing then is not printed silently — the
// batch names the certificate and its signers, so the screen asks first.
import { describe, expect, it } from 'vitest';
import type { DocumentSource } from '@/db/sertifikat-store';
import { sha256Hex } from '@/domain/sha256';
import { type BatchDeps, prepareBatch } from '@/features/certificates/print-all-batch';
import { BUSHEAD_ID, PEMBIMBING_ID, sertifikatRow } from '../helpers/documents';
import { terbitOf, terbitRow } from '../helpers/sertifikat-terbit';

const PNG_P = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 2]);
const SHA_P = await sha256Hex(PNG_P);
const SHA_B = await sha256Hex(PNG_B);
const SERVER = new Map([
  [SHA_P, PNG_P],
  [SHA_B, PNG_B],
]);

function source(held: readonly string[]): DocumentSource {
  const issued = sertifikatRow({
    penandatangan: {
      Pembimbing: { id: PEMBIMBING_ID, username: 'budi.santoso', signature: SHA_P },
      BusHead: { id: BUSHEAD_ID, username: 'dewi.lestari', signature: SHA_B, nama_lengkap: 'Dr. Dewi Lestari' },
    },
  });
  const row = terbitRow(issued, terbitOf(issued));
  return { id: row.id, terbit: row.sertifikat, images: new Map(held.map((sha) => [sha, SERVER.get(sha)!])) };
}

function deps(held: readonly string[], overrides: Partial<BatchDeps> = {}) {
  const asked: string[] = [];
  const value: BatchDeps = {
    read: async () => [source(held)],
    refill: async () => {},
    fetchImage: async (sha256) => {
      asked.push(sha256);
      return SERVER.get(sha256) ?? null;
    },
    online: true,
    ...overrides,
  };
  return { value, asked };
}

describe("'Cetak Semua' batch", () => {
  it('should fetch a signature the device lacks from the server and print it signed', async () => {
    const { value, asked } = deps([SHA_P]);
    const batch = await prepareBatch(['Rizky Pratama'], value);
    expect(asked).toEqual([SHA_B]);
    expect(batch.unsigned).toEqual([]);
    expect(batch.requests).toHaveLength(1);
    expect(batch.requests[0]?.sources.signatures.size).toBe(2);
  });

  it('should name the certificate and its signers when a signature cannot be had, before printing', async () => {
    const { value } = deps([], { fetchImage: async (sha256) => (sha256 === SHA_P ? PNG_P : null) });
    const batch = await prepareBatch(['Rizky Pratama'], value);
    expect(batch.unsigned).toEqual([{ nama: 'Rizky Pratama', signers: ['Dr. Dewi Lestari'] }]);
    expect(batch.requests).toHaveLength(1);
  });

  it('should keep bytes only when they hash to the name asked, and ask nothing offline', async () => {
    const wrong = deps([SHA_P], { fetchImage: async () => PNG_P });
    expect((await prepareBatch(['Rizky Pratama'], wrong.value)).unsigned).toEqual([{ nama: 'Rizky Pratama', signers: ['Dr. Dewi Lestari'] }]);
    const offline = deps([SHA_P], { online: false });
    const batch = await prepareBatch(['Rizky Pratama'], offline.value);
    expect(offline.asked).toEqual([]);
    expect(batch.unsigned).toEqual([{ nama: 'Rizky Pratama', signers: ['Dr. Dewi Lestari'] }]);
  });
});
