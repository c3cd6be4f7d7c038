/**
 * Resolves after the event loop's next turn: long work (a kept list's blocks, a 5,000-row import)
 * yields between slices, so timers and other requests — the liveness probe among them — run.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
