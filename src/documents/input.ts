/**
 * What a certificate or a Daftar Nilai prints, as plain data: built by one pure function from
 * a fully approved participant (GET /api/sertifikat/peserta row), the competency names, the
 * thresholds, the signers' signature PNGs and the organisation. The server builds it from the
 * database and the device from the Dexie mirror; equal inputs give equal document bytes.
 */
import type { GradeItem } from '../domain/grade';
import { type Kehadiran, kehadiranInOrder } from '../domain/kehadiran';
import type { Jenjang } from '../domain/master-data';
import {
  JABATAN,
  type Organisasi,
  type SertifikatPeserta,
  SIGNING_STEPS,
  type SigningStep,
  gradeOfAverage,
  nomorSertifikat,
  periodePanjang,
  rataRata,
  tanggalPanjang,
} from '../domain/sertifikat';
import type { SertifikatTerbit } from '../domain/sertifikat-terbit';

/** One signature block: who signs, as what, and the PNG (null: a blank line to sign by hand). */
export interface DocumentSigner {
  step: SigningStep;
  /** The signing step's label printed above the signature ('Pembimbing', 'Business Head'). */
  jabatan: string;
  /**
   * The approver's full name, else their username; null when that account no longer exists.
   * Printed under the signing line.
   */
  nama: string | null;
  /** True when `nama` is the full name (it may be longer: it shrinks further and is cut to fit). */
  namaLengkap?: true;
  /** The approver's own job title, printed under the name; absent when they have none. */
  jabatanPenandatangan?: string;
  png: Uint8Array | null;
}

/** A document's verification: its short code and the public page that confirms it. */
export interface DocumentVerification {
  /** The issued certificate's code, e.g. '3M9QXP7K2D0W8RT4VBN6CJ5HYA' (26 characters). */
  kode: string;
  /** '{PUBLIC_URL}/verifikasi/{kode}': what the QR code holds. */
  url: string;
}

/** Everything a certificate and a Daftar Nilai print. */
export interface DocumentInput {
  organisasi: Organisasi;
  /** e.g. '0042/MAGANG/SMK/2026' */
  nomor: string;
  peserta: {
    id: number;
    nama: string;
    jenjang: Jenjang;
    /** 'NIS' for SMK, 'NIM' for Mahasiswa. */
    nomorIndukLabel: 'NIS' | 'NIM';
    nomorInduk: string;
    instansi: string;
    jurusan: string;
    /** Empty for SMK (and for a Mahasiswa without one). */
    fakultas: string;
    divisi: string;
    /** '1 Juli 2026 – 31 Desember 2026' */
    periode: string;
  };
  /** Scores in competency order (by kompetensi id); unknown competencies keep their id as name. */
  nilai: { kompetensi: string; skor: number }[];
  /** Mean of the scores, two decimals. */
  rataRata: number;
  /** Letter and predikat of the average under `thresholds`; null below every threshold. */
  grade: GradeItem | null;
  /** The thresholds used, highest first. */
  thresholds: GradeItem[];
  /** Issue date, yyyy-mm-dd (the day BusHead approved); also the PDF's creation date. */
  tanggalTerbit: string;
  /** '31 Desember 2026' */
  tanggalTerbitPanjang: string;
  /** Pembimbing first, then BusHead. */
  penandatangan: DocumentSigner[];
  /** When given, the documents print its QR code and code; absent or null, they are as without it. */
  verifikasi?: DocumentVerification | null;
  /** The organisation's logo PNG, printed at the head of both documents; absent, they are as without it. */
  logo?: Uint8Array;
  /**
   * The attendance figure the Daftar Nilai prints under its score table (the certificate prints
   * none); absent, the Daftar Nilai is as without it.
   */
  kehadiran?: Kehadiran;
}

/** What buildDocumentInput needs besides the row. */
export interface DocumentSources {
  /** Competency names by id. */
  kompetensi: ReadonlyMap<number, string>;
  /** Thresholds: certificateGradeItems() for a certificate, the chosen template for a Daftar Nilai. */
  thresholds: readonly GradeItem[];
  /** Signature PNGs by user id (only those whose hash matches the row's signer). */
  signatures: ReadonlyMap<number, Uint8Array>;
  organisasi: Organisasi;
  /** The participant's verification, when one was issued. */
  verifikasi?: DocumentVerification | null;
  /** The organisation's logo PNG, when the organisation has one (a snapshot: the one it names). */
  logo?: Uint8Array | null;
  /** The attendance figure, when there is one (a snapshot: the one frozen at issue). */
  kehadiran?: Kehadiran | null;
}

/** The document input of one participant. Pure; the same on the server and the device. */
export function buildDocumentInput(row: SertifikatPeserta, sources: DocumentSources): DocumentInput {
  const nilai = [...row.nilai]
    .sort((a, b) => a.kompetensi_id - b.kompetensi_id)
    .map((score) => ({ kompetensi: sources.kompetensi.get(score.kompetensi_id) ?? `Kompetensi ${score.kompetensi_id}`, skor: score.skor }));
  const average = rataRata(nilai.map((score) => score.skor));
  // Fields in one fixed order, whatever order the sources hold them in (a snapshot read back from
  // jsonb has its keys reordered): the input, and so the file id and the bytes, depend on values only.
  const thresholds = sources.thresholds.map(({ huruf, min, predikat }) => ({ huruf, min, predikat })).sort((a, b) => b.min - a.min);
  const isSmk = row.jenjang === 'SMK';
  return {
    organisasi: { nama: sources.organisasi.nama, kota: sources.organisasi.kota },
    nomor: nomorSertifikat(row),
    peserta: {
      id: row.id,
      nama: row.nama,
      jenjang: row.jenjang,
      nomorIndukLabel: isSmk ? 'NIS' : 'NIM',
      nomorInduk: (isSmk ? row.siswa?.nis : row.mahasiswa?.nim) ?? '',
      instansi: row.instansi.nama,
      jurusan: (isSmk ? row.siswa?.jurusan : row.mahasiswa?.jurusan) ?? '',
      fakultas: isSmk ? '' : (row.mahasiswa?.fakultas ?? ''),
      divisi: row.divisi.nama,
      periode: periodePanjang(row.tanggal_masuk, row.tanggal_selesai),
    },
    nilai,
    rataRata: average,
    grade: gradeOfAverage(average, thresholds),
    thresholds,
    tanggalTerbit: row.tanggal_terbit,
    tanggalTerbitPanjang: tanggalPanjang(row.tanggal_terbit),
    penandatangan: SIGNING_STEPS.map((step) => {
      const signer = row.penandatangan[step];
      const png = signer?.signature ? (sources.signatures.get(signer.id) ?? null) : null;
      const namaLengkap = signer?.nama_lengkap || null;
      return {
        step,
        jabatan: JABATAN[step],
        nama: namaLengkap ?? signer?.username ?? null,
        png,
        // Only when set: a signer without them gives the very input (file id, bytes) of before.
        ...(namaLengkap ? { namaLengkap: true as const } : {}),
        ...(signer?.jabatan ? { jabatanPenandatangan: signer.jabatan } : {}),
      };
    }),
    // Only when present: an input without it stays exactly as before (same file id, same bytes).
    ...(sources.verifikasi ? { verifikasi: { kode: sources.verifikasi.kode, url: sources.verifikasi.url } } : {}),
    ...(sources.logo ? { logo: sources.logo } : {}),
    ...(sources.kehadiran ? { kehadiran: kehadiranInOrder(sources.kehadiran) } : {}),
  };
}

/** One document to make: the row and its sources (what the page hands the documents worker). */
export interface DocumentRequest {
  row: SertifikatPeserta;
  sources: DocumentSources;
}

/**
 * The documents of an issued certificate, from its snapshot alone: the participant, competency
 * names, thresholds and organisation as they were at issue, the signature images and the logo by
 * the SHA-256 the snapshot names (`images`; a missing signature prints a blank line, a missing
 * logo no logo), and the verification code
 * and URL, and the attendance figure frozen at issue (a snapshot of before it has none). A Daftar
 * Nilai passes the thresholds chosen at print time; a certificate, none.
 */
export function snapshotDocumentRequest(
  terbit: Pick<SertifikatTerbit, 'kode' | 'url' | 'snapshot'>,
  images: ReadonlyMap<string, Uint8Array>,
  thresholds?: readonly GradeItem[],
): DocumentRequest {
  const { snapshot } = terbit;
  const signatures = new Map<number, Uint8Array>();
  for (const step of SIGNING_STEPS) {
    const signer = snapshot.peserta.penandatangan[step];
    const png = signer?.signature ? images.get(signer.signature) : undefined;
    if (signer && png) signatures.set(signer.id, png);
  }
  const logo = snapshot.organisasi.logo ? images.get(snapshot.organisasi.logo) : undefined;
  return {
    row: snapshot.peserta,
    sources: {
      kompetensi: new Map(snapshot.kompetensi.map((k) => [k.id, k.nama])),
      thresholds: thresholds ?? snapshot.thresholds,
      signatures,
      organisasi: snapshot.organisasi,
      verifikasi: { kode: terbit.kode, url: terbit.url },
      ...(logo ? { logo } : {}),
      ...(snapshot.kehadiran ? { kehadiran: snapshot.kehadiran } : {}),
    },
  };
}
