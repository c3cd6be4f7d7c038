// `npm run bench`: every benchmark, one after the other. Add new ones here. Runs under tsx with
// tsconfig.test.json, whose `@/` paths let the replay bench load src/sync as the app does.
import { benchDocuments } from './documents';
import { benchReplay } from './replay';
import { benchServer } from './server';

benchDocuments();
await benchServer();
await benchReplay();
