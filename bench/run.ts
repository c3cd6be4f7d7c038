// `npm run bench`: every benchmark, one after the other. Add new ones here. Runs under tsx with
// tsconfig.test.json, whose `@/` paths let the replay bench load src/sync as the app does.
// `npm run bench -- server` (or documents, history, notifikasi, metrics, presensi, presensi-sync, replay, lighthouse, browser, archive-search, import-liveness) runs only the ones named.
// BENCH_PARTICIPANTS (default 10,000) sizes the server, browser, attendance and reminder benches (bench/size.ts).
import { benchArchiveSearch } from './archive-search';
import { benchBrowser } from './browser';
import { benchDocuments } from './documents';
import { benchHistory } from './history';
import { benchImportLiveness } from './import-liveness';
import { benchLighthouse } from './lighthouse';
import { benchMetrics } from './metrics';
import { benchNotifikasi } from './notifikasi';
import { benchPresensi } from './presensi';
import { benchPresensiSync } from './presensi-sync';
import { benchReplay } from './replay';
import { benchServer } from './server';

const benches: Record<string, () => unknown> = { documents: benchDocuments, server: benchServer, history: benchHistory, notifikasi: benchNotifikasi, metrics: benchMetrics, presensi: benchPresensi, 'presensi-sync': benchPresensiSync, replay: benchReplay, lighthouse: benchLighthouse, browser: benchBrowser, 'archive-search': benchArchiveSearch, 'import-liveness': benchImportLiveness };
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(benches).join(', ')})`);
for (const [name, run] of Object.entries(benches)) {
  if (asked.length === 0 || asked.includes(name)) await run();
}
