// A database handle that counts the transactions (or other calls: `select`) begun through it: a
// kept list's every read is one, so a test can tell "answered from memory" from "read again".
import type { Db } from '../../server/db/client';

/** `db` with a count of the transactions (or the calls of `method`) begun through it. */
export function countingDb(db: Db, method: 'transaction' | 'select' = 'transaction'): { db: Db; transactions: () => number } {
  let count = 0;
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === method) count++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { db: proxy, transactions: () => count };
}
