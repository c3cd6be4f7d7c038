/**
 * A door for the browser tests that queue many changes (tests/e2e/offline-chaos*): with
 * sessionStorage `magang:test-hooks` = '1' the logged-in page gets `window.__magangTest`, whose
 * `saveNilai()` is the Penilaian dialog's own save (src/features/penilaian/save-nilai.ts:
 * validation, outbox enqueue with its optimistic mirror change, replay when online). It can do
 * nothing the user's own page and token could not; without the flag nothing is called (the
 * hook module is imported dynamically, only then).
 */
export const TEST_HOOKS_FLAG = 'magang:test-hooks';

/** The user the hooks act for. */
export interface TestHookUser {
  id: number;
  role: string;
}

// sessionStorage, not localStorage: the tab's session is read from there at every start anyway,
// while a first localStorage read makes Chromium load that storage on the spot (goal P6).
function enabled(): boolean {
  try {
    return window.sessionStorage.getItem(TEST_HOOKS_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Installs `window.__magangTest` for `user` when the flag is set; otherwise does nothing. */
export function maybeInstallTestHooks(user: TestHookUser): void {
  if (!enabled()) return;
  void import('./test-hooks-impl').then((module) => module.installTestHooks(user));
}
