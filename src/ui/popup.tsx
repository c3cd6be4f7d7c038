import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ERROR_TITLE, apiErrorContent, type ApiErrorBody } from './api-error';
import { Icon } from './icons';
import { Modal } from './modal';
import { useToast } from './toast';

/** Kind of blocking popup; it picks the default title ('Error', 'Konfirmasi') and the icon. */
type PopupKind = 'error' | 'confirm';

const TITLES: Record<PopupKind, string> = { error: ERROR_TITLE, confirm: 'Konfirmasi' };

/** Title of the notice after a routine success. */
export const SUCCESS_TITLE = 'Sukses';

/** How long the 'Sukses' notice stays unless the pointer or the focus holds it. */
const SUCCESS_NOTICE_MS = 6000;

interface PopupProps {
  open: boolean;
  kind: PopupKind;
  /** Default by kind: 'Error', 'Konfirmasi'. */
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

/** The app's blocking popups: 'Error' with 'OK', 'Konfirmasi' with 'Ya' / 'Batal'. */
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
  const icon = kind === 'error' ? 'alert' : 'question';
  return (
    <Modal
      open={open}
      title={title ?? TITLES[kind]}
      onClose={onClose}
      size="sm"
      role="alertdialog"
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
  /** Render this somewhere in the screen (the popup is a portal, the notice is fixed at the foot). */
  element: ReactNode;
  /** A routine success: a non-blocking notice titled 'Sukses' (no backdrop, keeps the focus where it is). */
  success: (message: ReactNode, title?: string) => void;
  error: (message: ReactNode, title?: string) => void;
  /** The API error popup: `body.error` as title, `body.message` as text, with the product's fallbacks. */
  apiError: (body: ApiErrorBody | null | undefined) => void;
  /** 'Konfirmasi' with 'Ya' / 'Batal'; `onYes` runs after 'Ya'. */
  confirm: (message: ReactNode, onYes: () => void, title?: string) => void;
  close: () => void;
}

/**
 * One popup per screen: `const popup = usePopup(); … popup.success('…'); … {popup.element}`.
 * A success is told by a notice that leaves the screen usable; errors and confirmations block.
 */
export function usePopup(): PopupApi {
  const [state, setState] = useState<PopupState | null>(null);
  const notice = useToast(SUCCESS_NOTICE_MS);
  const showNotice = notice.show;
  const close = useCallback(() => setState(null), []);
  const helpers = useMemo(
    () => ({
      success: (message: ReactNode, title?: string) => showNotice(message, { title: title ?? SUCCESS_TITLE }),
      error: (message: ReactNode, title?: string) => setState({ kind: 'error', message, title }),
      apiError: (body: ApiErrorBody | null | undefined) => {
        const { title, message } = apiErrorContent(body);
        setState({ kind: 'error', title, message });
      },
      confirm: (message: ReactNode, onYes: () => void, title?: string) =>
        setState({ kind: 'confirm', message, title, onConfirm: onYes }),
    }),
    [showNotice],
  );
  const element = (
    <>
      <Popup
        open={state !== null}
        kind={state?.kind ?? 'error'}
        title={state?.title}
        message={state?.message ?? ''}
        onConfirm={state?.onConfirm}
        onClose={close}
      />
      {notice.element}
    </>
  );
  return { element, close, ...helpers };
}
