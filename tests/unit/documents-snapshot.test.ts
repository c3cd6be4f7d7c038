// An issued certificate's codes and its printing from the snapshot alone: the code's alphabet and
// length, what a typed code normalizes to, and the document request a snapshot gives — which
// images it uses, which thresholds, and the same bytes whatever order the snapshot's keys come
// back in (PostgreSQL's jsonb reorders them).
import { describe, expect, it } from 'vitest';
import { snapshotDocumentRequest, buildDocumentInput } from '@/documents/input';
import { certificatePdf, daftarNilaiPdf } from '@/documents/make';
import { DEFAULT_GRADE_ITEMS } from '@/domain/grade';
import {
  KODE_BYTES,
  KODE_LENGTH,
  type SertifikatSnapshot,
  kodeFromBytes,
  missingSignatureSteps,
  normalizeKode,
  snapshotImageHashes,
  verifikasiUrl,
} from '@/domain/sertifikat-terbit';
import { BUSHEAD_ID, KOMPETENSI, PEMBIMBING_ID, sertifikatRow, signaturePng } from '../helpers/documents';

const PEMBIMBING_SHA = 'a'.repeat(64);
const BUSHEAD_SHA = 'b'.repeat(64);

function snapshot(overrides: Partial<SertifikatSnapshot> = {}): SertifikatSnapshot {
  const row = sertifikatRow();
  return {
    peserta: {
      ...row,
      penandatangan: {
        Pembimbing: { id: PEMBIMBING_ID, username: 'pembimbing', signature: PEMBIMBING_SHA, nama_lengkap: null, jabatan: null },
        BusHead: { id: BUSHEAD_ID, username: 'bushead', signature: BUSHEAD_SHA, nama_lengkap: 'Dewi Lestari', jabatan: 'Kepala Divisi' },
      },
    },
    kompetensi: row.nilai.map((score) => ({ id: score.kompetensi_id, nama: KOMPETENSI.get(score.kompetensi_id) ?? '' })),
    thresholds: [...DEFAULT_GRADE_ITEMS],
    organisasi: { nama: 'PT Nusantara Digital Sejahtera', kota: 'Bandung' },
    ...overrides,
  };
}

const terbit = (snap = snapshot()) => ({ kode: kodeFromBytes(new Uint8Array(KODE_BYTES).fill(7)), url: 'https://magang.example/verifikasi/X', snapshot: snap });

/** `value` with every object's keys in reverse order, as a jsonb round trip may give them. */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reversedKeys(inner)])) as T;
  }
  return value;
}

describe('verification codes', () => {
  it.each([
    [new Uint8Array(16), '0'.repeat(26)],
    [new Uint8Array(16).fill(255), `${'Z'.repeat(25)}W`], // the last 3 bits, 111, padded to 11100
    [Uint8Array.from([0xf8, ...new Uint8Array(15)]), `Z${'0'.repeat(25)}`],
  ])('should write %o in Crockford base 32 as %s', (bytes, kode) => {
    expect(kodeFromBytes(bytes)).toBe(kode);
  });

  it('should hold at least 128 random bits in a URL-safe code', () => {
    expect(KODE_BYTES * 8).toBeGreaterThanOrEqual(128);
    const kode = kodeFromBytes(crypto.getRandomValues(new Uint8Array(KODE_BYTES)));
    expect(kode).toHaveLength(KODE_LENGTH);
    expect(encodeURIComponent(kode)).toBe(kode);
  });

  const CODE = kodeFromBytes(Uint8Array.from({ length: 16 }, (_, i) => i * 17));
  it.each([
    [CODE, CODE],
    [CODE.toLowerCase(), CODE],
    [`${CODE.slice(0, 4)}-${CODE.slice(4, 8)} ${CODE.slice(8)}`, CODE],
    ['O'.repeat(26), '0'.repeat(26)],
    ['il'.repeat(13), '1'.repeat(26)],
    [CODE.slice(1), null],
    [`${CODE}0`, null],
    [`${CODE.slice(1)}U`, null],
    ['', null],
  ])('should normalize %j to %j', (typed, expected) => {
    expect(normalizeKode(typed)).toBe(expected);
  });

  it('should put the code under /verifikasi of the public address', () => {
    expect(verifikasiUrl('https://magang.example', 'ABC')).toBe('https://magang.example/verifikasi/ABC');
    expect(verifikasiUrl('https://magang.example/app/', 'ABC')).toBe('https://magang.example/app/verifikasi/ABC');
  });
});

describe('snapshotDocumentRequest', () => {
  it.each([
    ['both images on hand', [PEMBIMBING_SHA, BUSHEAD_SHA], [PEMBIMBING_ID, BUSHEAD_ID]],
    ["only BusHead's image", [BUSHEAD_SHA], [BUSHEAD_ID]],
    ['no image', [], []],
  ])('should print the signatures whose image is on hand: %s', (_, onHand, signedBy) => {
    const images = new Map(onHand.map((sha, i) => [sha, signaturePng(i)]));
    const request = snapshotDocumentRequest(terbit(), images);
    expect([...request.sources.signatures.keys()].sort()).toEqual([...signedBy].sort());
  });

  it('should take the thresholds of the snapshot unless a Daftar Nilai gives its own', () => {
    const own = [{ huruf: 'A', min: 50, predikat: 'Lulus' }];
    expect(snapshotDocumentRequest(terbit(), new Map()).sources.thresholds).toEqual(DEFAULT_GRADE_ITEMS);
    expect(snapshotDocumentRequest(terbit(), new Map(), own).sources.thresholds).toEqual(own);
  });

  it('should list the images a snapshot prints and the steps without one', () => {
    expect(snapshotImageHashes(snapshot())).toEqual([PEMBIMBING_SHA, BUSHEAD_SHA]);
    const unsigned = snapshot();
    unsigned.peserta.penandatangan.BusHead = null;
    expect(snapshotImageHashes(unsigned)).toEqual([PEMBIMBING_SHA]);
    expect(missingSignatureSteps(unsigned)).toEqual(['BusHead']);
    expect(missingSignatureSteps(snapshot())).toEqual([]);
  });

  it('should make the same certificate and Daftar Nilai bytes whatever order the snapshot keys come in', () => {
    const images = new Map([[PEMBIMBING_SHA, signaturePng(0)]]);
    const make = (snap: SertifikatSnapshot) => {
      const request = snapshotDocumentRequest(terbit(snap), images);
      const input = buildDocumentInput(request.row, request.sources);
      return [certificatePdf([input]), daftarNilaiPdf(input)];
    };
    const [certificate, transcript] = make(snapshot());
    const [reorderedCertificate, reorderedTranscript] = make(reversedKeys(snapshot()));
    expect(Buffer.from(reorderedCertificate ?? []).equals(Buffer.from(certificate ?? []))).toBe(true);
    expect(Buffer.from(reorderedTranscript ?? []).equals(Buffer.from(transcript ?? []))).toBe(true);
  });
});
