import { useSyncExternalStore } from 'react';
import { MSG } from '@/domain/messages';
import { NavIcon } from '../layout/nav-icons';
import { installPromptStore } from './install-prompt';
import './install-menu-item.css';

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
        <NavIcon name="share" />
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
      <NavIcon name="install" />
      {MSG.installApp}
    </button>
  );
}
