import { useLiveQuery } from 'dexie-react-hooks';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { pullUsers } from '@/sync/pull-master-data';
import type { UserRecord } from '@/db/records';
import { useRefresh, type Refresh } from '@/ui/use-refresh';

/** The users mirror (undefined until Dexie answered) and its refresh state; pulls on mount and 'online'. */
export function useUsers(api: ApiClient): Refresh & { rows: UserRecord[] | undefined } {
  const rows = useLiveQuery(() => db.users.toArray(), []);
  const refresh = useRefresh(() => pullUsers(api));
  return { rows, ...refresh };
}
