/**
 * A door for the browser tests that queue many changes (tests/e2e/offline-chaos*): the logged-in
 * page of a tab whose sessionStorage has `magang:test-hooks` = '1' gets `window.__magangTest`,
 * whose `saveNilai()` is the Penilaian dialog's own save (validation, outbox enqueue with its
 * optimistic mirror change, replay when online). It can do nothing the user's own page and token
 * could not.
 *
 * Only a build made with `vite build --mode test-hooks` contains this module: the layout imports
 * it behind the build-time constant __MAGANG_TEST_HOOKS__, which is `false` in the product build,
 * so the import and everything here are dropped from it (see vite.config.ts).
 */
import { type ChangeResult, saveNilai } from '@/sync/changes';

const TEST_HOOKS_FLAG = 'magang:test-hooks';

/** The user the hooks act for. */
export interface TestHookUser {
  id: number;
  role: string;
}

/** What the browser tests call. */
export interface MagangTestHooks {
  /** The Penilaian dialog's Simpan for `pesertaId` with these scores, as the logged-in user. */
  saveNilai(pesertaId: number, scores: readonly { kompetensi_id: number; skor: number }[]): Promise<ChangeResult>;
}

function enabled(): boolean {
  try {
    return window.sessionStorage.getItem(TEST_HOOKS_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Installs `window.__magangTest` for `user` when the tab's flag is set; otherwise does nothing. */
export function maybeInstallTestHooks(user: TestHookUser): void {
  if (!enabled()) return;
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
