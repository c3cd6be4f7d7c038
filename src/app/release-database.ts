/**
 * The page's hold on the database while it is being left. Safari's engine (WebKit) keeps a
 * page the user navigates away from in its back/forward cache, asleep, with its IndexedDB
 * connection open; a transaction that was under way at that moment (a pull's write, a start-up
 * read) then stays open while the page sleeps, and every later page of the app waits forever
 * for the same stores (it stayed on 'Memuat...'). So when the page is hidden (`pagehide`, for
 * good or for the cache) every transaction it still has under way is aborted — what a browser
 * does anyway to a page it unloads — and its connections are closed. A page shown again from
 * the cache had its work cut mid-way: it loads afresh.
 * Page only (a worker has no `pagehide`); tiny, so the start-up chunk can carry it.
 */

/** Tracks the transactions of `factory`'s connections and ends them and the connections on `pagehide`. */
export function releaseDatabaseOnPageHide(
  target: Window = window,
  proto: IDBDatabase | undefined = globalThis.IDBDatabase?.prototype,
): void {
  if (!proto) return;
  const underWay = new Set<IDBTransaction>();
  const connections = new Set<IDBDatabase>();
  const transaction = proto.transaction;
  proto.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = transaction.apply(this, args);
    connections.add(this);
    underWay.add(tx);
    const ended = () => underWay.delete(tx);
    tx.addEventListener('complete', ended);
    tx.addEventListener('abort', ended);
    return tx;
  };
  target.addEventListener('pagehide', () => {
    for (const tx of underWay) {
      try {
        tx.abort();
      } catch {
        // finished meanwhile
      }
    }
    underWay.clear();
    for (const connection of connections) connection.close();
    connections.clear();
  });
  target.addEventListener('pageshow', (event: PageTransitionEvent) => {
    if (event.persisted) target.location.reload();
  });
}
