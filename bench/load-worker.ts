// A load generator on its own thread (started by runLoad() in ./load.ts): the pulling clients'
// work (sockets, receiving hundreds of KB per answer) stays off the event loop of the server
// being measured, as it would with clients on other machines. Warms up with one request per
// connection, says 'started', runs one bounded loop, and posts the result.
import { parentPort, workerData } from 'node:worker_threads';
import { type Answer, Client, loop } from './http';
import type { LoadOptions, LoadResult } from './load';

const options = workerData as LoadOptions;
const client = new Client(options.port, options.concurrency, options.token);
const get = () => client.request('GET', options.path, { headers: options.headers });
let changes = 0;
try {
  await loop(get, { concurrency: options.concurrency, maxRequests: options.concurrency, maxSeconds: 30, expect: options.expect ?? 200 });
  parentPort?.postMessage({ type: 'started' });
  const result = await loop(
    async (index): Promise<Answer> => {
      if (options.changeEvery && options.ids?.length && index % options.changeEvery === options.changeEvery - 1) {
        const id = options.ids[(index * 7919) % options.ids.length] as number;
        const put = await client.request('PUT', `/api/peserta/${id}`, { body: { nama: `Peserta Berubah ${index}` }, headers: options.headers });
        if (put.status !== 200) throw new Error(`PUT: ${put.status}`);
        changes++;
      }
      return get();
    },
    { concurrency: options.concurrency, maxRequests: options.maxRequests, maxSeconds: options.maxSeconds, expect: options.expect ?? 200 },
  );
  const message: LoadResult = { ...result, etags: [...result.etags], changes };
  parentPort?.postMessage({ type: 'done', result: message });
} finally {
  client.close();
}
