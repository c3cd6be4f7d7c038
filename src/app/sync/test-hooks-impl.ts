import { type ChangeResult as SaveNilaiResult, saveNilai } from '@/sync/changes';
import type { TestHookUser } from './test-hooks';

/** What the browser tests call (see test-hooks.ts). */
export interface MagangTestHooks {
  /** The Penilaian dialog's Simpan for `pesertaId` with these scores, as the logged-in user. */
  saveNilai(pesertaId: number, scores: readonly { kompetensi_id: number; skor: number }[]): Promise<SaveNilaiResult>;
}

export function installTestHooks(user: TestHookUser): void {
  const hooks: MagangTestHooks = {
    saveNilai: (pesertaId, scores) =>
      saveNilai({
        user: user.id,
        role: user.role,
        pesertaId,
        nilai: scores.map((s) => ({ peserta_id: pesertaId, kompetensi_id: s.kompetensi_id, skor: s.skor })),
      }),
  };
  (window as unknown as { __magangTest?: MagangTestHooks }).__magangTest = hooks;
}
