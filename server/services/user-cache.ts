// The users behind tokens, kept between requests: authentication reads the user on every
// request (a changed role or a deletion takes effect at once), and that read was most of a
// small request's cost. A kept row is used while the change feed reports no write to `users`
// since it was read (any write — role, password, token version, deletion — drops them all).
import type { Db } from '../db/client';
import type { ChangeFeed, ChangeStamp } from '../db/change-feed';
import { findUserById, type UserRow } from './users';

/** Users kept at most; past it the cache starts over (a burst of distinct users is rare). */
const USER_CACHE_ENTRIES = 2_000;

/** Reads users by id through the cache. */
export interface UserCache {
  byId(id: number): Promise<UserRow | undefined>;
}

export function createUserCache(db: Db, changes: ChangeFeed, maxEntries = USER_CACHE_ENTRIES): UserCache {
  let rows = new Map<number, UserRow | undefined>();
  let stamp: ChangeStamp = changes.stamp();
  return {
    async byId(id) {
      if (changes.changedSince(stamp, 'users')) {
        rows = new Map();
        stamp = changes.stamp();
      }
      if (rows.has(id)) return rows.get(id);
      const readStamp = changes.stamp(); // before the read: a write during it is not kept
      const row = await findUserById(db, id);
      if (!changes.changedSince(readStamp, 'users')) {
        if (rows.size >= maxEntries) rows = new Map();
        rows.set(id, row);
      }
      return row;
    },
  };
}
