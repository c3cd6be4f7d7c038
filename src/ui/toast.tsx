import { useEffect, useState } from 'react';
import './toast.css';

/**
 * A short message at the foot of the screen, read out by screen readers, gone after a few
 * seconds ('Tautan verifikasi disalin', a failed download). Render `element` once; `show` a text.
 */
export function useToast(durationMs = 4000) {
  const [text, setText] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => setText(null), durationMs);
    return () => clearTimeout(timer);
  }, [text, serial, durationMs]);
  const element = (
    <div className="toast" role="status" aria-live="polite">
      {text && <span className="toast-body">{text}</span>}
    </div>
  );
  return {
    show: (next: string) => {
      setText(next);
      setSerial((n) => n + 1);
    },
    element,
  };
}
