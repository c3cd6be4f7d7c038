import { Alert } from './alert';

interface LoadFailureProps {
  /** The last refresh of the list failed. */
  failed: boolean;
  /** The mirror still has rows to show. */
  hasRows: boolean;
  /** The screen's load-failure text (e.g. 'Gagal mengambil data divisi'). */
  message: string;
  /** Quiet note shown instead while stored rows are on screen. */
  staleMessage: string;
  onRetry: () => void;
}

/**
 * A list's refresh failure: the screen's error text with a retry when there is nothing to show, or a
 * quiet note when the rows on screen come from the device's mirror.
 */
export function LoadFailure({ failed, hasRows, message, staleMessage, onRetry }: LoadFailureProps) {
  if (!failed) return null;
  if (hasRows) return <p className="stale-note muted">{staleMessage}</p>;
  return (
    <Alert tone="error">
      {message}{' '}
      <button type="button" className="link-btn" onClick={onRetry}>
        Coba lagi
      </button>
    </Alert>
  );
}
