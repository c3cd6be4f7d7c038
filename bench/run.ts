// `npm run bench`: every benchmark, one after the other. Add new ones here.
import { benchDocuments } from './documents';
import { benchServer } from './server';

benchDocuments();
await benchServer();
