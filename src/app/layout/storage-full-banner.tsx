import { useState, useSyncExternalStore } from 'react';
import { db } from '@/db/db';
import { freeMirror } from '@/db/meta';
import { clearStorageFull, isStorageFull, subscribeStorageFull } from '@/db/quota';
import { MSG } from '@/domain/messages';
import './session-prompts.css';

/**
 * The device's storage is full (a write was refused for quota): the banner says so and offers
 * to free the mirror — every mirrored table emptied, the outbox kept — after which `onFreed`
 * lets the screen pull its data again from the server.
 */
export function StorageFullBanner({ onFreed }: { onFreed: () => void }) {
  const full = useSyncExternalStore(subscribeStorageFull, isStorageFull);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!full) return null;

  async function free(): Promise<void> {
    setBusy(true);
    setFailed(false);
    try {
      await freeMirror(db);
      clearStorageFull();
      onFreed();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="session-banner" role="alert">
      <span>
        {MSG.storageFull}
        {failed && ` ${MSG.freeStorageFailed}`}
      </span>
      <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void free()}>
        {MSG.freeStorage}
      </button>
    </div>
  );
}
