import { useSyncExternalStore } from 'react';
import { MSG } from '@/domain/messages';
import { installPromptStore } from './install-prompt';
import './install-menu-item.css';

// Decorative line icons in the style of the layout's NavIcon: a download tray for the
// browser's dialog, the iOS Share glyph (square with an arrow up) for the hint.
const ICON_PATHS = {
  prompt: 'M12 3v12M7 10l5 5 5-5M5 20h14',
  'ios-hint': 'M12 14V3M8 7l4-4 4 4M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2',
} as const;

function InstallIcon({ kind }: { kind: keyof typeof ICON_PATHS }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[kind]} />
    </svg>
  );
}

/**
 * The user menu's 'Pasang aplikasi' item: opens the browser's install dialog where it offered
 * one (beforeinstallprompt), shows the Share-sheet steps on iOS, and renders nothing when the
 * app already runs installed or the browser cannot install it. `onActivated` closes the menu.
 */
export function InstallMenuItem({ onActivated }: { onActivated: () => void }) {
  const store = installPromptStore();
  const offer = useSyncExternalStore(store.subscribe, store.getSnapshot);
  if (offer === 'none') return null;

  if (offer === 'ios-hint') {
    // A web page cannot open Safari's Share sheet: the item only tells the steps (its
    // accessible name is the whole sentence) and closes the menu when chosen.
    return (
      <button type="button" role="menuitem" tabIndex={-1} className="menu-item install-hint" onClick={onActivated}>
        <InstallIcon kind="ios-hint" />
        <span className="install-hint-text">
          <span className="install-hint-title">{MSG.installApp}:</span>{' '}
          <span className="install-hint-steps">{MSG.installIosSteps}</span>
        </span>
      </button>
    );
  }

  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="menu-item"
      onClick={() => {
        onActivated();
        void store.promptInstall();
      }}
    >
      <InstallIcon kind="prompt" />
      {MSG.installApp}
    </button>
  );
}
