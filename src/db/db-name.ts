/** Name of the production IndexedDB database (src/db/db.ts opens it through Dexie). */
export const DB_NAME = 'magang';
