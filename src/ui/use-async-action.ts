import { useCallback, useRef, useState } from 'react';

export interface AsyncAction<A extends unknown[], R> {
  /** Runs the action; resolves with its result, or undefined when it failed (see `error`). */
  run: (...args: A) => Promise<R | undefined>;
  busy: boolean;
  /** The failure text of the last run, or null. */
  error: string | null;
  /** Clears `error` (e.g. when the modal closes). */
  reset: () => void;
}

/**
 * Wraps a save or delete: `busy` while it runs (for 'Saving...' / 'Menghapus...'), and the
 * failure turned into a text by `toMessage`. A second run while one is in flight is ignored.
 */
export function useAsyncAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  toMessage: (error: unknown) => string,
): AsyncAction<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  const messageRef = useRef(toMessage);
  messageRef.current = toMessage;

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      return await actionRef.current(...args);
    } catch (e) {
      setError(messageRef.current(e));
      return undefined;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const reset = useCallback(() => setError(null), []);
  return { run, busy, error, reset };
}

/** An action that brings its own failure text; its first argument is bound by useBoundAction. */
export interface BindableAction<C, A extends unknown[], R> {
  run: (context: C, ...args: A) => Promise<R>;
  errorText: (error: unknown) => string;
}

/** useAsyncAction of `action` with its first argument (e.g. the API client) fixed to `context`. */
export function useBoundAction<C, A extends unknown[], R>(context: C, action: BindableAction<C, A, R>): AsyncAction<A, R> {
  return useAsyncAction((...args: A) => action.run(context, ...args), action.errorText);
}
