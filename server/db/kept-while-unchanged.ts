// A value read from the database and kept between requests while the change feed reports no
// write of the kinds it depends on (change-feed.ts tells when a write is seen). The one rule of
// every such cache, so that each states only what it reads:
//  - the feed's counts (the stamp) are taken before the read: a write committed during the read
//    makes its result stale at once;
//  - a request gets the kept value while it is current; otherwise a read still in flight whose
//    stamp is current (no write since it began) or that began after the request arrived (it sees
//    every write made before); otherwise a read it starts;
//  - concurrent requests share one read; a failed read is not kept (the next request reads again).
import type { ChangeFeed, ChangeStamp, DataChangeKind } from './change-feed';

/** A value with the feed's counts taken before the read it reflects. */
export interface Stamped<T> {
  readonly stamp: ChangeStamp;
  readonly value: T;
}

export interface KeptWhileUnchanged<T> {
  /** The value as of this call. */
  get(): Promise<T>;
  /** The kept value while no write of its kinds came since its read began; otherwise undefined. */
  current(): T | undefined;
}

/**
 * Keeps what `read` returns while no write of `kinds` is reported. `read` gets the previous
 * kept value with its stamp (undefined at first), so it may read only what changed since.
 */
export function keptWhileUnchanged<T>(
  changes: ChangeFeed,
  kinds: readonly DataChangeKind[],
  read: (previous: Stamped<T> | undefined) => Promise<T>,
): KeptWhileUnchanged<T> {
  let kept: Stamped<T> | undefined;
  /** Reads started so far: a read's number tells whether it began after a request arrived. */
  let started = 0;
  let inFlight: { number: number; stamp: ChangeStamp; promise: Promise<Stamped<T>> } | undefined;
  const isCurrent = (stamp: ChangeStamp) => !kinds.some((kind) => changes.changedSince(stamp, kind));

  function start(): Promise<Stamped<T>> {
    const number = ++started;
    const stamp = changes.stamp();
    const promise = read(kept)
      .then((value) => {
        kept = { stamp, value };
        return kept;
      })
      .finally(() => {
        if (inFlight?.number === number) inFlight = undefined;
      });
    inFlight = { number, stamp, promise };
    return promise;
  }

  return {
    current: () => (kept && isCurrent(kept.stamp) ? kept.value : undefined),
    async get() {
      if (kept && isCurrent(kept.stamp)) return kept.value;
      const arrival = started;
      for (;;) {
        if (!inFlight) return (await start()).value;
        if (inFlight.number > arrival || isCurrent(inFlight.stamp)) return (await inFlight.promise).value;
        // A read begun before this request may have missed a write made just before it: wait, then look again.
        await inFlight.promise.catch(() => undefined);
        if (kept && isCurrent(kept.stamp)) return kept.value;
      }
    },
  };
}
