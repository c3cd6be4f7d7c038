// Loaded with `node --import` before server/main.ts by the engine-abort test only: makes the
// embedded engine abort as PGlite does (WebAssembly.RuntimeError 'Aborted()') at the COMMIT of
// the ENGINE_ABORT_NTH transaction whose statements contain ENGINE_ABORT_SQL — after that COMMIT
// has run, so what it wrote is durable, as in the abort this guards against. Not part of the server.
import { PGlite } from '@electric-sql/pglite';

const needle = process.env.ENGINE_ABORT_SQL ?? '';
const nth = Number(process.env.ENGINE_ABORT_NTH ?? 1);
const decoder = new TextDecoder();
const realStream = PGlite.prototype.execProtocolStream;
let seen = 0;
let abortAtCommit = false;

PGlite.prototype.execProtocolStream = async function (this: PGlite, ...args: Parameters<PGlite['execProtocolStream']>) {
  const text = decoder.decode(args[0]);
  if (needle && text.includes(needle)) {
    seen += 1;
    if (seen === nth) abortAtCommit = true;
  }
  const answer = await realStream.apply(this, args);
  if (abortAtCommit && text.includes('COMMIT')) {
    abortAtCommit = false;
    throw new WebAssembly.RuntimeError('Aborted(). Build with -sASSERTIONS for more info.');
  }
  return answer;
};
