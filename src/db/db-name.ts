/** Name of the production IndexedDB database (src/db/db.ts opens it through Dexie). */
export const DB_NAME = 'magang';

/**
 * False when database `dbName` surely does not exist (the browser lists its databases), else
 * true: browsers without `databases()`, or an error, cannot tell. Spares opening a database a
 * first visit does not have (start-up time, docs/performance.md). Here, beside the name, because the login page's tiny
 * start-up chunk (src/app/login-shell.ts) needs it too.
 */
export async function databaseMayExist(dbName: string, idb: IDBFactory): Promise<boolean> {
  if (typeof idb.databases !== 'function') return true;
  try {
    return (await idb.databases()).some((info) => info.name === dbName);
  } catch {
    return true;
  }
}
