import { useCallback, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import './reason-tip.css';

/** Space kept between the tip and the button, and between the tip and the window's edges. */
const GAP_PX = 8;

/** What a button with a reason gets from useReasonTip: its ARIA state and handlers, and the tip to render beside it. */
interface ReasonTip<E extends HTMLElement> {
  /** Spread on the button after its own props: they replace its onClick while a reason is set. */
  buttonProps: {
    ref: (element: E | null) => void;
    'aria-disabled'?: true;
    onClick?: (event: MouseEvent<E>) => void;
    onFocus?: (event: FocusEvent<E>) => void;
    onBlur?: () => void;
    onKeyDown?: (event: KeyboardEvent<E>) => void;
  };
  /** The bubble (null without a reason); render it next to the button. */
  tip: ReactNode;
}

/** Puts `tip` under `anchor` (above it when there is no room below), inside the window. */
function place(anchor: HTMLElement, tip: HTMLElement): void {
  // Measured at the window's corner, where it may take its full width, then moved.
  tip.style.left = '0px';
  tip.style.top = '0px';
  const box = anchor.getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const left = Math.min(Math.max(GAP_PX, box.right - width), window.innerWidth - width - GAP_PX);
  const below = box.bottom + GAP_PX;
  const top = below + height > window.innerHeight - GAP_PX && box.top - GAP_PX - height >= GAP_PX ? box.top - GAP_PX - height : below;
  tip.style.left = `${Math.max(GAP_PX, left)}px`;
  tip.style.top = `${top}px`;
}

/**
 * A refused action whose reason must be readable on every device. Without a reason the button
 * is untouched. With one it stays focusable but inert (`aria-disabled`, its click does nothing
 * else): a tap or click, or reaching it with the keyboard, shows the reason in a bubble next to
 * it; Esc, leaving the button or pressing elsewhere hides it. A `disabled` button could show
 * nothing on a touch screen: it takes no tap and no focus, and a `title` needs a mouse.
 * The bubble repeats the button's description for the eye (screen readers read the description).
 */
export function useReasonTip<E extends HTMLElement>(reason: string | null | undefined): ReasonTip<E> {
  const tipId = useId();
  const anchorRef = useRef<E | null>(null);
  const tipRef = useRef<HTMLSpanElement | null>(null);
  const [open, setOpen] = useState(false);
  const ref = useCallback((element: E | null) => {
    anchorRef.current = element;
  }, []);
  const shown = open && Boolean(reason);

  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const tip = tipRef.current;
    if (!shown || !anchor || !tip) return;
    const follow = () => place(anchor, tip);
    follow();
    // A press elsewhere hides it (Safari gives a tapped button no focus, so no blur follows).
    const pressElsewhere = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !anchor.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', pressElsewhere, true);
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', pressElsewhere, true);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [shown]);

  if (!reason) return { buttonProps: { ref }, tip: null };
  return {
    buttonProps: {
      ref,
      'aria-disabled': true,
      onClick: (event) => {
        event.preventDefault();
        setOpen(true);
      },
      // Keyboard focus shows it at once; a pointer's focus waits for its click (above).
      onFocus: (event) => {
        if (event.currentTarget.matches(':focus-visible')) setOpen(true);
      },
      onBlur: () => setOpen(false),
      onKeyDown: (event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      },
    },
    tip: (
      <span ref={tipRef} id={tipId} className="reason-tip" aria-hidden="true" hidden={!shown}>
        {reason}
      </span>
    ),
  };
}
