// Gives Dexie an IndexedDB in Node for the db and sync suites.
import 'fake-indexeddb/auto';
