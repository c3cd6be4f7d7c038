/**
 * Record types of the Dexie database (src/db/db.ts): the mirror rows, the outbox entries and
 * the meta entries. Mirror rows keep the API's field names so a pulled row is
 * stored as the server sent it, plus a few sync fields documented below. This module owns no
 * state; it must never import anything but src/domain.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import { userSchema } from '@/domain/auth';
import type { Notifikasi } from '@/domain/notifikasi';
import type { HeldMark, OutboxKind } from '@/domain/outbox';
import type { Peserta } from '@/domain/peserta';
import type { ReviewStep } from '@/domain/peserta-state';
import type { RiwayatEntry } from '@/domain/riwayat';
import type { SertifikatListRow, SertifikatSnapshot } from '@/domain/sertifikat-terbit';
import type { Jenjang } from '@/domain/master-data';

/** Sync fields every mirror row carries besides the API's own fields. */
interface MirrorSyncFields {
  /**
   * The server's `updated_at` of the row (ISO string) when it was pulled. Incremental pulls ask
   * for rows changed after the highest value seen (the cursor in meta); absent on rows the
   * server does not timestamp.
   */
  updatedAt?: string;
  /**
   * Key of the outbox entry whose optimistic change this row shows, until replay confirms it
   * and the row is re-pulled. A pull must not overwrite a row that still has a pending key.
   */
  pendingKey?: string;
}

/**
 * A participant (peserta) as GET /api/peserta returns it (the shape of src/domain/peserta.ts:
 * details, reviews and scores included). `kompetensi_count` comes only from the mentor's list
 * (GET /api/nilai/mentor/peserta). The mirror's `reviews` and `nilai` tables hold the same
 * reviews and scores, kept in step by src/sync, with pending changes applied.
 */
export type PesertaRecord = Peserta & MirrorSyncFields & { kompetensi_count?: number };

/** One competency score; the mirror keys it by (peserta_id, kompetensi_id). */
export interface NilaiRecord extends MirrorSyncFields {
  /** Server id; absent on a score created offline and not yet replayed. */
  id?: number;
  peserta_id: number;
  kompetensi_id: number;
  /** Integer 0-100. */
  skor: number;
  kompetensi?: { nama: string } | null;
}

/** One approval step of a participant; keyed by (peserta_id, role_reviewer). */
export interface ReviewRecord extends ReviewStep, MirrorSyncFields {
  peserta_id: number;
}

/** A competency as GET /api/kompetensi returns it. */
export interface KompetensiRecord extends MirrorSyncFields {
  id: number;
  nama: string;
  jenjang: 'SMK' | 'Mahasiswa';
  aktif: boolean;
  divisi_kategori?: { divisi: { id: number; nama: string } }[];
}

/** A division as GET /api/divisi returns it. */
export interface DivisiRecord extends MirrorSyncFields {
  id: number;
  nama: string;
  divisi_kategori?: { kompetensi: { id: number; nama: string; jenjang?: 'SMK' | 'Mahasiswa'; aktif?: boolean } }[];
}

/** A school or campus as GET /api/instansi returns it. */
export interface InstansiRecord extends MirrorSyncFields {
  id: number;
  nama: string;
  jenis: 'Kampus' | 'Sekolah';
  pesertaCount?: number;
}

/** A transcript grade template as GET /api/grade returns it. */
export interface GradeRecord extends MirrorSyncFields {
  id: number;
  nama: string;
  deskripsi?: string | null;
  /** The jenjang the template is for. */
  kategori: string;
  items: { huruf: string; min: number; predikat: string }[];
}

/** A user as GET /api/users returns it (never a password). */
export interface UserRecord extends MirrorSyncFields {
  id: number;
  employee_id: string;
  /** The same ID under its second name: the API's users are also read as `employeeId`. */
  employeeId?: string;
  username: string;
  role: string;
  signature_url?: string | null;
  /** Full name printed under the user's signature; null or absent when unset. */
  nama_lengkap?: string | null;
  /** Job title printed under that name; null or absent when unset. */
  jabatan?: string | null;
}

/**
 * A fully approved participant as GET /api/sertifikat/peserta returns it (keyed by the peserta
 * id), without its certificate's snapshot: what the certificate lists show and filter by, so
 * reading a level's list never loads what the documents print. Each pull of a level replaces
 * that level's rows whole (no cursor: the list is read-only here).
 */
export type SertifikatRecord = SertifikatListRow;

/**
 * The snapshot of a participant's issued certificate (keyed by the peserta id, as its
 * SertifikatRecord): all a document prints, read only when one is made. `kode` is the
 * certificate's, so a snapshot is never joined to another certificate of the participant;
 * `images` are the SHA-256 of the images it prints (indexed: which images the device keeps).
 * Written with the rows in the same transaction.
 */
export interface SertifikatSnapshotRecord {
  id: number;
  jenjang: Jenjang;
  kode: string;
  images: string[];
  snapshot: SertifikatSnapshot;
}

/**
 * One attendance mark, keyed by (peserta_id, tanggal): the server's as last pulled or answered,
 * or one a queued presensi.save set (`pendingKey`, with the server's mark under it in `base`).
 */
export type PresensiRecord = HeldMark;

/** A participant's history (Riwayat) as last pulled, newest first: shown offline from here. */
export interface RiwayatRecord {
  pesertaId: number;
  entries: RiwayatEntry[];
  /** Epoch ms of the pull. */
  fetchedAt: number;
}

/**
 * An image an issued certificate prints (a signer's signature PNG), kept by its SHA-256 — the
 * hash the certificate's snapshot names it by — so certificates print with it offline. The
 * bytes of a hash never change; an image no mirrored certificate names any more is dropped.
 */
export interface ImageRecord {
  /** Lowercase hex SHA-256 of `png`, checked against the bytes before the record is stored. */
  sha256: string;
  png: Uint8Array;
}

/**
 * One notification of the user's inbox as the server last sent it, `dibaca` already true while
 * a queued 'mark read' change of this device covers it (src/sync/inbox-mirror.ts lays those).
 */
export type NotifikasiRecord = Notifikasi;

/** The replayable mutations (docs/architecture.md, "The outbox and its replay"); defined with their rules in src/domain. */
export type { OutboxKind };

/**
 * Why an entry's last send failed: 'network' = no answer (offline, the server down, a
 * timeout), 'server' = the server answered 5xx. After a network failure the backoff is lifted
 * as soon as the server answers again; after a 5xx it holds (the server is up but failing).
 */
export type OutboxFailure = 'network' | 'server';

/** Where an outbox entry stands: waiting, being sent by the replay, or refused by the rules. */
type OutboxState = 'pending' | 'sending' | 'conflict';

/** One queued mutation, replayed in `seq` order (FIFO). */
export interface OutboxRecord {
  /** Auto-increment; the replay order. Absent until the entry is added. */
  seq?: number;
  /** Client-generated uuid, sent as the `Idempotency-Key` header so a repeat changes nothing. */
  key: string;
  /** Id of the user who made the change; replay sends only the logged-in user's entries. */
  user: number;
  /** Role of that user when the change was made; the re-check and the optimistic apply use it. */
  role: string;
  kind: OutboxKind;
  /** The participant the change is about; replay re-checks its reviews before sending. */
  pesertaId: number;
  /** The request body (or nothing) of the mutation. */
  payload: unknown;
  /** Epoch milliseconds when the change was made. */
  createdAt: number;
  state: OutboxState;
  /** How many sends failed on the network or with 5xx; drives the retry backoff. */
  attempts: number;
  /** Epoch ms before which a replay leaves this entry (backoff after a failed send). */
  nextAttemptAt?: number;
  /**
   * Epoch ms of the first send. Once set, the server may already have applied the change
   * (the answer may have been lost), so replay resends with the same Idempotency-Key and
   * lets the server decide instead of re-checking locally.
   */
  sentAt?: number;
  /** What kind of failure the last send met (absent before any failure and after a retry). */
  lastFailure?: OutboxFailure;
  /** The last failure, or for a conflict the product's stale-data message shown to the user. */
  lastError: string | null;
  /** For a conflict the server answered, its answer's `error` field (the error popup's title), if any. */
  lastErrorTitle?: string | null;
}

/** A key/value entry of the `meta` table (session, cached profile, pull cursors). */
export interface MetaRecord {
  key: string;
  value: unknown;
}

/** The session as stored in sessionStorage (keys token, userRole, username) and mirrored in meta. */
export interface SessionRecord {
  token: string;
  userRole: string | null;
  username: string | null;
}

/**
 * The logged-in user as GET /api/auth/profile returns it. The role is read as any string so
 * that an unexpected role reaches the dashboard's 'Role tidak dikenali' message instead of
 * failing the parse.
 */
export const profileSchema = lazySchema(() => userSchema.extend({ role: z.string() }));
export type ProfileRecord = z.infer<typeof profileSchema>;
