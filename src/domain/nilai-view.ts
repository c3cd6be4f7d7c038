/**
 * Helpers the score screens share (Penilaian and the approval screen's Edit Nilai / Detail):
 * which competencies a participant is scored on, how many of its scores count, and the rule
 * of a 0-100 score input that ignores out-of-range typing. Pure.
 */
import { NILAI_MSG, SKOR_MAX, SKOR_MIN, inApprovalList, isValidSkor } from './nilai';
import { compareId } from './collate';

/** The fields of a competency these helpers read (a mirror row or an API row). */
export interface KompetensiLike {
  id: number;
  nama: string;
  jenjang: string;
  aktif: boolean;
  divisi_kategori?: readonly { divisi: { id: number } }[];
}

/**
 * The ACTIVE competencies of a division and level, by name — the set the server scores and
 * counts for the approval list (GET /api/nilai/divisi/{id}/kompetensi?jenjang=).
 */
export function kompetensiFor<K extends KompetensiLike>(all: readonly K[], divisiId: number, jenjang: string): K[] {
  return all
    .filter((k) => k.aktif && k.jenjang === jenjang && (k.divisi_kategori ?? []).some((link) => link.divisi.id === divisiId))
    .sort((a, b) => compareId(a.nama, b.nama));
}

/** How many of `nilai` are scores on one of `kompetensi` (scores on other competencies do not count). */
export function countScored(nilai: readonly { kompetensi_id: number }[], kompetensi: readonly { id: number }[]): number {
  const ids = new Set(kompetensi.map((k) => k.id));
  return new Set(nilai.filter((n) => ids.has(n.kompetensi_id)).map((n) => n.kompetensi_id)).size;
}

/** The participant fields that pick its competencies. */
interface ScoredPesertaLike {
  divisi_id: number;
  jenjang: string;
  /** The server's competency count (mentor list only); stands in before the first competency pull. */
  kompetensi_count?: number;
}

/** True when a participant belongs in the approval list: inApprovalList counted on its ACTIVE competencies. */
export function pesertaInApprovalList(
  peserta: ScoredPesertaLike,
  nilai: readonly { kompetensi_id: number }[],
  kompetensi: readonly KompetensiLike[],
): boolean {
  const own = kompetensiFor(kompetensi, peserta.divisi_id, peserta.jenjang);
  return inApprovalList(countScored(nilai, own), own.length);
}

/**
 * The mentor list's counts of a participant: scores on its active competencies and how many
 * there are; before the first competency pull the server's `kompetensi_count` and the raw score
 * count stand in.
 */
export function mentorScoreCounts(
  peserta: ScoredPesertaLike,
  nilai: readonly { kompetensi_id: number }[],
  kompetensi: readonly KompetensiLike[],
): { scored: number; kompetensiCount: number } {
  if (kompetensi.length === 0) return { scored: nilai.length, kompetensiCount: peserta.kompetensi_count ?? 0 };
  const own = kompetensiFor(kompetensi, peserta.divisi_id, peserta.jenjang);
  return { scored: countScored(nilai, own), kompetensiCount: own.length };
}

/**
 * The new text of a score input after the user typed `typed`: '' (cleared) or an integer
 * 0-100 is taken (leading zeros dropped); anything else (out of range, decimals, signs,
 * letters) leaves `previous` unchanged, so out-of-range typing is simply ignored.
 */
export function nextScoreText(previous: string, typed: string): string {
  const text = typed.trim();
  if (text === '') return '';
  if (!/^\d{1,3}$/.test(text)) return previous;
  const value = Number(text);
  if (value < SKOR_MIN || value > SKOR_MAX) return previous;
  return String(value);
}

/** The score a filled input holds, or null when it is blank. */
export function scoreOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * The mentor form's check: every competency scored ('Semua kolom nilai harus diisi!'),
 * each an integer 0-100 ('Semua nilai harus antara 0-100!'); null when the form may be saved.
 */
export function mentorScoresError(texts: readonly string[]): string | null {
  if (texts.some((text) => text.trim() === '')) return NILAI_MSG.allRequired;
  if (texts.some((text) => !isValidSkor(Number(text)))) return NILAI_MSG.outOfRange;
  return null;
}

/** The filled scores of a form as POST /api/nilai/bulk items (blank inputs skipped). */
export function filledScores(
  pesertaId: number,
  texts: ReadonlyMap<number, string>,
): { peserta_id: number; kompetensi_id: number; skor: number }[] {
  const out: { peserta_id: number; kompetensi_id: number; skor: number }[] = [];
  for (const [kompetensiId, text] of texts) {
    const skor = scoreOf(text);
    if (skor !== null && isValidSkor(skor)) out.push({ peserta_id: pesertaId, kompetensi_id: kompetensiId, skor });
  }
  return out;
}
