import { useId, useRef, type ReactNode } from 'react';
import { Alert } from './alert';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  /** Default 'Konfirmasi', the title of the app's confirmation popup. */
  title?: string;
  message: ReactNode;
  /** Default 'Ya'. */
  confirmLabel?: string;
  /** Default 'Batal'. */
  cancelLabel?: string;
  /** Label of the confirm button while `busy` (e.g. 'Menghapus...'). */
  busyLabel?: string;
  busy?: boolean;
  /** A failure to show inside the dialog (e.g. the server's refusal); the dialog stays open. */
  error?: string | null;
  /** 'danger' paints the confirm button red (deletions). */
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question in a modal (role="alertdialog"). The focus starts on the cancel button, so
 * Enter never confirms a deletion by accident. While `busy` it cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  title = 'Konfirmasi',
  message,
  confirmLabel = 'Ya',
  cancelLabel = 'Batal',
  busyLabel,
  busy = false,
  error,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      describedBy={messageId}
      dismissible={!busy}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId} className="confirm-message">
        {message}
      </p>
      {error && <Alert tone="error">{error}</Alert>}
    </Modal>
  );
}
