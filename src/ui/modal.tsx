import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './icon-button';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** An open modal: where the focus goes back to when it closes. */
interface StackEntry {
  previous: HTMLElement | null;
}

/** Open modals, innermost last: only the top one reacts to keys and restores the focus. */
const stack: StackEntry[] = [];

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

/** Keeps Tab and Shift+Tab inside `panel` (wrapping at both ends); also for the phone drawer. */
export function trapTab(event: globalThis.KeyboardEvent, panel: HTMLElement): void {
  const items = focusables(panel);
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && panel.contains(active);
  if (!inside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Called on Esc, a click outside the panel and the X button (only while `dismissible`). */
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom (e.g. Batal / Simpan). */
  footer?: ReactNode;
  /** 'sm' 420 px (popups), 'md' 560 px (forms, default), 'lg' 760 px. */
  size?: 'sm' | 'md' | 'lg';
  /** False while saving: Esc, outside click and X do nothing. Default true. */
  dismissible?: boolean;
  /** Element that gets the focus on open; default the first field, else the first button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** 'alertdialog' for confirmations and error popups. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal dialog: role="dialog" aria-modal, named by its title; a close button 'Tutup';
 * Esc, a click outside and X close it. The focus moves inside on open, Tab stays inside, and
 * the focus goes back to where it was when the dialog closes. The page behind does not scroll.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocusRef,
  describedBy,
  role = 'dialog',
  className,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedOutside = useRef(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    if (!open) return;
    const entry: StackEntry = { previous: document.activeElement instanceof HTMLElement ? document.activeElement : null };
    const panel = panelRef.current;
    if (panel) {
      const target =
        initialFocusRef?.current ??
        panel.querySelector<HTMLElement>('[data-autofocus]') ??
        panel.querySelector<HTMLElement>('.modal-body input:not([disabled]), .modal-body select:not([disabled]), .modal-body textarea:not([disabled])') ??
        panel.querySelector<HTMLElement>('.modal-footer button:not([disabled])') ??
        panel;
      target.focus();
    }
    stack.push(entry);
    document.body.classList.add('no-scroll');

    // Keys are handled on the document, so they still work when the focus fell out of the
    // panel (a button that was clicked became disabled while saving).
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (stack[stack.length - 1] !== entry || !panelRef.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        if (dismissibleRef.current) closeRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panelRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const index = stack.indexOf(entry);
      stack.splice(index, 1);
      if (stack.length === 0) document.body.classList.remove('no-scroll');
      const above = stack[index];
      if (above) {
        // A modal under another one closed: the focus stays in the top one, which later returns
        // it to where this one came from if it was opened from inside this one.
        if (!above.previous?.isConnected || panel?.contains(above.previous)) above.previous = entry.previous;
        return;
      }
      // Back to the opener; if it is gone (its row was deleted) to the main landmark.
      if (entry.previous?.isConnected) entry.previous.focus();
      else document.querySelector<HTMLElement>('main')?.focus();
    };
    // initialFocusRef is read once per opening on purpose.
  }, [open]);

  // After saving ends, a focus that fell to <body> (disabled button) comes back into the panel.
  useEffect(() => {
    if (open && dismissible && (document.activeElement === document.body || document.activeElement === null)) {
      panelRef.current?.focus();
    }
  }, [open, dismissible]);

  if (!open) return null;

  function onOverlayMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressedOutside.current = event.target === event.currentTarget;
  }

  function onOverlayClick(event: MouseEvent<HTMLDivElement>) {
    // Only a press and release both outside the panel closes (not a text selection ending there).
    if (pressedOutside.current && event.target === event.currentTarget && dismissible) closeRef.current();
    pressedOutside.current = false;
  }

  return createPortal(
    <div className="modal-overlay" onMouseDown={onOverlayMouseDown} onClick={onOverlayClick}>
      <div
        ref={panelRef}
        className={`modal modal-${size} ${className ?? ''}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <IconButton label="Tutup" icon="close" className="modal-close" onClick={() => dismissible && onClose()} disabled={!dismissible} />
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
