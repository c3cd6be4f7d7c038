// Benchmark of the document module in Node: one certificate PDF cold and warm, a batch of
// 100 certificates in one PDF, memory growth over 500 certificates made one by one, and the
// warm certificate against an empty one-page jsPDF document measured in the same run.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { jsPDF } from 'jspdf';
import { type DocumentInput, buildDocumentInput } from '../src/documents/input';
import { certificatePdf, daftarNilaiPdf } from '../src/documents/make';
import { KODE_BYTES, kodeFromBytes, verifikasiUrl } from '../src/domain/sertifikat-terbit';
import { documentSources, scores, sertifikatRow } from '../tests/helpers/documents';

const WARM_RUNS = 20;
const BATCH_SIZE = 100;
const MEMORY_RUNS = 500;
const GOAL_WARM_MS = 100;
const GOAL_BATCH_MS = 2000;
const GOAL_MEMORY_MB = 20;

/** `global.gc`, exposed at run time when node was not started with --expose-gc. */
function collector(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

// The rows, scores and signatures of the document tests (tests/helpers/documents.ts), each with
// its verification QR code and code as an issued certificate prints them.
const sources = documentSources();
const input = (id: number): DocumentInput => {
  const kode = kodeFromBytes(Uint8Array.from({ length: KODE_BYTES }, (_, i) => (id * 31 + i * 7) & 255));
  return buildDocumentInput(
    sertifikatRow({
      id,
      nama: `Peserta Magang Nomor ${id}`,
      siswa: { nis: String(1000000 + id), jurusan: 'Akuntansi' },
      nilai: scores(6, (k) => 70 + ((id + (k + 1) * 7) % 30)),
    }),
    { ...sources, verifikasi: { kode, url: verifikasiUrl('https://magang.example.co.id', kode) } },
  );
};

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function report(name: string, value: number, unit: string, goal: string, ok: boolean): void {
  console.log(`${name}: ${value.toFixed(1)} ${unit} (goal ${goal}) ${ok ? 'ok' : 'SHORT'}`);
}

/** Runs the documents benchmark and prints one line per figure. */
export function benchDocuments(): void {
  console.log('documents (Node)');
  const cold = time(() => certificatePdf([input(1)]));
  report('certificate PDF, cold', cold, 'ms', 'none, first call', true);

  const warm = median(Array.from({ length: WARM_RUNS }, (_, i) => time(() => certificatePdf([input(i + 2)]))));
  report(`certificate PDF, warm (median of ${WARM_RUNS})`, warm, 'ms', `< ${GOAL_WARM_MS} ms`, warm < GOAL_WARM_MS);

  const baseline = median(
    Array.from({ length: WARM_RUNS }, () =>
      time(() => new Uint8Array(new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' }).output('arraybuffer'))),
    ),
  );
  console.log(`empty one-page jsPDF document (baseline): ${baseline.toFixed(1)} ms; certificate / baseline: ${(warm / baseline).toFixed(1)}×`);

  const transcript = median(Array.from({ length: WARM_RUNS }, (_, i) => time(() => daftarNilaiPdf(input(i + 100)))));
  report(`Daftar Nilai PDF, warm (median of ${WARM_RUNS})`, transcript, 'ms', `< ${GOAL_WARM_MS} ms`, transcript < GOAL_WARM_MS);

  const inputs = Array.from({ length: BATCH_SIZE }, (_, i) => input(i + 1000));
  let size = 0;
  const batch = time(() => {
    size = certificatePdf(inputs).length;
  });
  report(`batch of ${BATCH_SIZE} certificates in one PDF (${Math.round(size / 1024)} KB)`, batch, 'ms', `< ${GOAL_BATCH_MS} ms`, batch < GOAL_BATCH_MS);

  const gc = collector();
  const measure = () => {
    gc?.();
    return gc ? process.memoryUsage().heapUsed : process.memoryUsage().rss;
  };
  const before = measure();
  for (let i = 0; i < MEMORY_RUNS; i++) certificatePdf([input(i + 2000)]);
  const growth = (measure() - before) / (1024 * 1024);
  const what = gc ? 'heapUsed after GC' : 'RSS (no GC available)';
  report(`memory growth over ${MEMORY_RUNS} certificates, ${what}`, growth, 'MB', `< ${GOAL_MEMORY_MB} MB`, growth < GOAL_MEMORY_MB);
}
