import { z } from 'zod';
import { db } from '@/db/db';
import { NILAI_MSG } from '@/domain/nilai';
import { MSG } from '@/domain/messages';
import { nilaiItemSchema } from '@/domain/nilai';
import { submitChange } from '@/sync/submit';

/** What the mentor's Simpan sends: every competency's score of one participant. */
export const saveNilaiInputSchema = z.object({
  user: z.number().int(),
  role: z.string(),
  pesertaId: z.number().int().positive(),
  nilai: z.array(nilaiItemSchema).min(1),
});
export type SaveNilaiInput = z.infer<typeof saveNilaiInputSchema>;

/** How a save ended, as the screen shows it. */
export type SaveNilaiResult =
  | { outcome: 'sent'; message: string }
  | { outcome: 'queued'; message: string }
  | { outcome: 'refused'; message: string };

/**
 * Queues nilai.save with its optimistic mirror change and, online, sends it at once (src/sync).
 * A refusal (edit lock after the re-check, or 409) gets the spec's reload sentence appended.
 */
export async function saveNilai(input: SaveNilaiInput, online = navigator.onLine): Promise<SaveNilaiResult> {
  const { user, role, pesertaId, nilai } = saveNilaiInputSchema.parse(input);
  try {
    const result = await submitChange(db, { user, role, kind: 'nilai.save', pesertaId, payload: { nilai_data: nilai } }, { online });
    if (result.outcome === 'sent') return { outcome: 'sent', message: NILAI_MSG.saved };
    if (result.outcome === 'queued') return { outcome: 'queued', message: MSG.savedOffline };
    if (result.outcome === 'storage-full') return { outcome: 'refused', message: MSG.storageFull };
    return { outcome: 'refused', message: `${result.message || NILAI_MSG.saveFailed} ${NILAI_MSG.reloaded}` };
  } catch {
    return { outcome: 'refused', message: NILAI_MSG.saveFailed };
  }
}
