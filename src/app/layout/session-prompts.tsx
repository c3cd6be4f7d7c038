import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '@/db/db';
import { MSG } from '@/domain/messages';
import { readOutboxStatus } from '@/sync/status';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import './session-prompts.css';

/**
 * Replay got a 401 with the current token (the queue pauses and is kept, and the user is asked to
 * log in again; docs/architecture.md, "The outbox and its replay"): a banner with 'Login kembali'.
 * After the new login the paused queue is sent with the new token.
 */
export function NeedsLoginBanner({ userId, onLoginAgain }: { userId: number | null; onLoginAgain: () => void }) {
  const needsLogin = useLiveQuery(async () => (await readOutboxStatus(db, userId)).needsLogin, [userId]) ?? false;
  if (!needsLogin) return null;
  return (
    <div className="session-banner" role="alert">
      <span>{MSG.replayNeedsLogin}</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={onLoginAgain}>
        {MSG.loginAgain}
      </button>
    </div>
  );
}

/**
 * Logout with the unsent-changes warning: `request()` logs out at once when the user's outbox
 * holds nothing to send, else opens '{n} perubahan belum terkirim. …' with Batal / Keluar.
 * The changes stay on the device for this user (never shown to another) either way.
 */
export function useLogoutWithWarning(userId: number | null, logout: () => Promise<void>) {
  const [pending, setPending] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function request(): Promise<void> {
    const count = userId === null ? 0 : (await readOutboxStatus(db, userId).catch(() => null))?.pending.length ?? 0;
    if (count > 0) setPending(count);
    else await logout();
  }

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={MSG.logoutTitle}
      message={MSG.logoutPending(pending ?? 0)}
      confirmLabel={MSG.logoutConfirm}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setPending(null);
        document.getElementById('user-menu-button')?.focus();
      }}
    />
  );
  return { request, dialog };
}
