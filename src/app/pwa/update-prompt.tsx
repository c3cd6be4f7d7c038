import { useState, useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from './register-sw';
import './update-prompt.css';

/** 'Versi baru tersedia' + 'Muat ulang' while a new service worker waits. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting);
  const [reloading, setReloading] = useState(false);
  return (
    <div className="update-region" role="status" aria-live="polite">
      {waiting && (
        <div className="update-prompt">
          <span>Versi baru tersedia</span>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
          >
            Muat ulang
          </button>
        </div>
      )}
    </div>
  );
}
