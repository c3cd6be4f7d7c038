import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ERROR_TITLE, apiErrorContent, type ApiErrorBody } from './api-error';
import { Icon } from './icons';
import { Modal } from './modal';

/** Kind of popup; it picks the default title ('Sukses', 'Error', 'Konfirmasi') and the icon. */
type PopupKind = 'success' | 'error' | 'confirm';

const TITLES: Record<PopupKind, string> = { success: 'Sukses', error: ERROR_TITLE, confirm: 'Konfirmasi' };

interface PopupProps {
  open: boolean;
  kind: PopupKind;
  /** Default by kind: 'Sukses', 'Error', 'Konfirmasi'. */
  title?: string;
  message: ReactNode;
  /** Closes the popup (OK, Batal, X, Esc, outside click). */
  onClose: () => void;
  /** For 'confirm': called by 'Ya' (the popup then closes). */
  onConfirm?: () => void;
  okLabel?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** The app's popups: 'Sukses' / 'Error' with 'OK', 'Konfirmasi' with 'Ya' / 'Batal'. */
function Popup({
  open,
  kind,
  title,
  message,
  onClose,
  onConfirm,
  okLabel = 'OK',
  confirmLabel = 'Ya',
  cancelLabel = 'Batal',
}: PopupProps) {
  const messageId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const icon = kind === 'success' ? 'check' : kind === 'error' ? 'alert' : 'question';
  return (
    <Modal
      open={open}
      title={title ?? TITLES[kind]}
      onClose={onClose}
      size="sm"
      role={kind === 'success' ? 'dialog' : 'alertdialog'}
      describedBy={messageId}
      initialFocusRef={okRef}
      className={`popup popup-${kind}`}
      footer={
        kind === 'confirm' ? (
          <>
            <button ref={okRef} type="button" className="btn btn-secondary" onClick={onClose}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onClose();
                onConfirm?.();
              }}
            >
              {confirmLabel}
            </button>
          </>
        ) : (
          <button ref={okRef} type="button" className="btn btn-primary" onClick={onClose}>
            {okLabel}
          </button>
        )
      }
    >
      <div className="popup-content">
        <span className={`popup-icon popup-icon-${kind}`}>
          <Icon name={icon} size={28} />
        </span>
        <p id={messageId} className="popup-message">
          {message}
        </p>
      </div>
    </Modal>
  );
}

interface PopupState {
  kind: PopupKind;
  title?: string;
  message: ReactNode;
  onConfirm?: () => void;
}

/** What usePopup() returns: the element to render once, and the helpers that open it. */
export interface PopupApi {
  /** Render this somewhere in the screen (it is a portal; position does not matter). */
  element: ReactNode;
  success: (message: ReactNode, title?: string) => void;
  error: (message: ReactNode, title?: string) => void;
  /** The API error popup: `body.error` as title, `body.message` as text, with the product's fallbacks. */
  apiError: (body: ApiErrorBody | null | undefined) => void;
  /** 'Konfirmasi' with 'Ya' / 'Batal'; `onYes` runs after 'Ya'. */
  confirm: (message: ReactNode, onYes: () => void, title?: string) => void;
  close: () => void;
}

/** One popup per screen: `const popup = usePopup(); … popup.success('…'); … {popup.element}`. */
export function usePopup(): PopupApi {
  const [state, setState] = useState<PopupState | null>(null);
  const close = useCallback(() => setState(null), []);
  const helpers = useMemo(
    () => ({
      success: (message: ReactNode, title?: string) => setState({ kind: 'success', message, title }),
      error: (message: ReactNode, title?: string) => setState({ kind: 'error', message, title }),
      apiError: (body: ApiErrorBody | null | undefined) => {
        const { title, message } = apiErrorContent(body);
        setState({ kind: 'error', title, message });
      },
      confirm: (message: ReactNode, onYes: () => void, title?: string) =>
        setState({ kind: 'confirm', message, title, onConfirm: onYes }),
    }),
    [],
  );
  const element = (
    <Popup
      open={state !== null}
      kind={state?.kind ?? 'success'}
      title={state?.title}
      message={state?.message ?? ''}
      onConfirm={state?.onConfirm}
      onClose={close}
    />
  );
  return { element, close, ...helpers };
}
