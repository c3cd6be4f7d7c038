import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `open`: a press outside `root` calls `onDismiss(false)`, Escape calls `onDismiss(true)`
 * (the caller may return the focus to its toggle). Used by the panels that open from a button:
 * the top bar's queued changes and notifications, the filter panel.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, onDismiss: (byEscape: boolean) => void): void {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) dismiss.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      dismiss.current(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, root]);
}
