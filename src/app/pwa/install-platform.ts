/**
 * Which install offer the user menu shows, decided from plain facts about the browser so the
 * rule is testable without one. Loaded at start-up (src/main.tsx via ./install-prompt): keep
 * it free of imports.
 */

/** 'prompt': the browser's own install dialog is available; 'ios-hint': tell the user how on iOS; 'none': nothing. */
export type InstallOffer = 'prompt' | 'ios-hint' | 'none';

/** The parts of `navigator` the decision reads (`standalone` exists on iOS Safari only). */
interface InstallNavigator {
  userAgent: string;
  maxTouchPoints?: number;
  standalone?: boolean;
}

/** The parts of `window` the decision reads. */
export interface InstallPlatformWindow {
  navigator: InstallNavigator;
  matchMedia(query: string): { matches: boolean };
}

/** The media query that matches when the app runs from the home screen / as an installed app. */
export const STANDALONE_QUERY = '(display-mode: standalone)';

/**
 * True on iPhone, iPod and iPad. iPadOS 13+ claims to be a Mac ("Macintosh" in the user agent);
 * only the touch screen tells it apart (a Mac reports no touch points).
 */
export function isIosDevice(nav: InstallNavigator): boolean {
  if (/iPhone|iPad|iPod/.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1;
}

/** True when the app already runs installed (display-mode standalone, or iOS's `navigator.standalone`). */
export function isRunningStandalone(win: InstallPlatformWindow): boolean {
  return win.navigator.standalone === true || win.matchMedia(STANDALONE_QUERY).matches;
}

/**
 * The offer for one moment: nothing when installed; the browser's dialog when it has offered
 * one (beforeinstallprompt); on iOS, which never fires that event, the Share-sheet hint.
 */
export function decideInstallOffer(facts: { standalone: boolean; canPrompt: boolean; ios: boolean }): InstallOffer {
  if (facts.standalone) return 'none';
  if (facts.canPrompt) return 'prompt';
  return facts.ios ? 'ios-hint' : 'none';
}
