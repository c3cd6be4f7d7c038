import { type ReactNode, useCallback, useEffect, useState } from 'react';
import './toast.css';

/** What a notice may carry besides its text. */
export interface ToastOptions {
  /** A bold first line ('Sukses'); a titled notice also has a small 'OK' that dismisses it. */
  title?: string;
}

interface Notice extends ToastOptions {
  text: ReactNode;
  /** Tells two equal notices apart, so a repeat restarts the timer. */
  serial: number;
}

/**
 * A short, non-blocking notice at the foot of the screen, read out by screen readers and gone
 * after a few seconds ('Tautan verifikasi disalin', 'Sukses' after a routine save). It has no
 * backdrop and never takes the focus; while the pointer rests on it or the focus is inside it,
 * it stays. Render `element` once; `show` a text (optionally with a title).
 */
export function useToast(durationMs = 4000) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (notice === null || held) return;
    const timer = setTimeout(() => setNotice(null), durationMs);
    return () => clearTimeout(timer);
  }, [notice, held, durationMs]);
  const show = useCallback((text: ReactNode, options: ToastOptions = {}) => {
    setNotice((previous) => ({ text, title: options.title, serial: (previous?.serial ?? 0) + 1 }));
  }, []);
  const dismiss = useCallback(() => {
    setNotice(null);
    setHeld(false);
  }, []);
  const element = (
    <div className="toast" role="status" aria-live="polite">
      {notice && (
        <div
          key={notice.serial}
          className={`toast-body${notice.title ? ' toast-titled' : ''}`}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <span className="toast-text">
            {notice.title && <strong className="toast-title">{notice.title}</strong>}
            <span className="toast-message">{notice.text}</span>
          </span>
          {notice.title && (
            <button type="button" className="toast-ok" onClick={dismiss}>
              OK
            </button>
          )}
        </div>
      )}
    </div>
  );
  return { show, dismiss, element };
}
