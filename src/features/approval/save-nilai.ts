import { z } from 'zod';
import { db } from '@/db/db';
import { NILAI_MSG } from '@/domain/nilai';
import { MSG } from '@/domain/messages';
import { nilaiItemSchema } from '@/domain/nilai';
import { submitChange } from '@/sync/submit';

/** What an approver's 'Simpan Nilai' sends: only the filled scores (spec 5). */
export const saveNilaiInputSchema = z.object({
  user: z.number().int(),
  role: z.string(),
  pesertaId: z.number().int().positive(),
  nilai: z.array(nilaiItemSchema).min(1),
});
export type SaveNilaiInput = z.infer<typeof saveNilaiInputSchema>;

/** How a save or reset ended, as the screen shows it; `title`: the server's `error` field of a refusal, if any. */
export interface NilaiWriteResult {
  outcome: 'sent' | 'queued' | 'refused';
  message: string;
  title?: string;
}

async function submitNilai(
  change: { user: number; role: string; pesertaId: number; kind: 'nilai.save' | 'nilai.reset'; payload: unknown },
  done: string,
  failed: string,
  online: boolean,
): Promise<NilaiWriteResult> {
  try {
    const result = await submitChange(db, change, { online });
    if (result.outcome === 'sent') return { outcome: 'sent', message: done };
    if (result.outcome === 'queued') return { outcome: 'queued', message: MSG.savedOffline };
    if (result.outcome === 'storage-full') return { outcome: 'refused', message: MSG.storageFull };
    return {
      outcome: 'refused',
      message: `${result.message || failed} ${NILAI_MSG.reloaded}`,
      ...(result.title ? { title: result.title } : {}),
    };
  } catch {
    return { outcome: 'refused', message: failed };
  }
}

/** Queues nilai.save (optimistic) and, online, sends it now. */
export function saveNilai(input: SaveNilaiInput, online = navigator.onLine): Promise<NilaiWriteResult> {
  const { user, role, pesertaId, nilai } = saveNilaiInputSchema.parse(input);
  return submitNilai({ user, role, pesertaId, kind: 'nilai.save', payload: { nilai_data: nilai } }, NILAI_MSG.saved, NILAI_MSG.approverSaveFailed, online);
}

/** Queues nilai.reset ('Reset Semua': every score of the participant deleted) and, online, sends it now. */
export function resetNilai(input: { user: number; role: string; pesertaId: number }, online = navigator.onLine): Promise<NilaiWriteResult> {
  return submitNilai({ ...input, kind: 'nilai.reset', payload: null }, NILAI_MSG.allDeleted, NILAI_MSG.deleteFailed, online);
}
