import type { ReactNode } from 'react';
import './ui.css';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  /** Shows a close button (aria-label 'Tutup') that calls this. */
  onDismiss?: () => void;
  className?: string;
  /** For a field's aria-describedby when the message is about that field (a form-level error). */
  id?: string;
}

/**
 * A coloured message box. Errors are role="alert" (announced at once); the other tones are
 * role="status" (announced politely).
 */
export function Alert({ tone, children, onDismiss, className, id }: AlertProps) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`alert alert-${tone} ${className ?? ''}`.trim()}>
      <div className="alert-body">{children}</div>
      {onDismiss && (
        <button type="button" className="alert-close" aria-label="Tutup" title="Tutup" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
