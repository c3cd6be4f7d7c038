// The benches' size: how many participants the server holds (BENCH_PARTICIPANTS, default
// 10,000). Read here only; the server, browser, attendance and reminder benches scale with it.
//   BENCH_PARTICIPANTS=100000 npm run bench -- server
const DEFAULT_PARTICIPANTS = 10_000;
const MIN_PARTICIPANTS = 1_000;
const MAX_PARTICIPANTS = 1_000_000;

/** Parses BENCH_PARTICIPANTS (digits, optionally grouped by '_' or ','); throws on anything else. */
export function participantsFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PARTICIPANTS;
  const digits = value.trim().replace(/[_,]/g, '');
  if (!/^[0-9]+$/.test(digits)) throw new Error(`BENCH_PARTICIPANTS: '${value}' is not a whole number`);
  const count = Number(digits);
  if (count < MIN_PARTICIPANTS || count > MAX_PARTICIPANTS) {
    throw new Error(`BENCH_PARTICIPANTS: ${count} is outside ${MIN_PARTICIPANTS.toLocaleString('en')}–${MAX_PARTICIPANTS.toLocaleString('en')}`);
  }
  return count;
}

/** The participants every sized bench generates. */
export const PARTICIPANTS = participantsFrom(process.env.BENCH_PARTICIPANTS);

/** '10,000 participants'. */
export const participantsLabel = (count: number = PARTICIPANTS) => `${count.toLocaleString('en')} participants`;

/**
 * The generated data's shape (BENCH_SHAPE): 'decade' (default), 'unscored' (the decade's dates,
 * its history never scored in the app) or 'recent' (the shape before; see bench/generate.ts).
 */
export type BenchShape = 'decade' | 'unscored' | 'recent';

export function shapeFrom(value: string | undefined): BenchShape {
  if (value === undefined || value.trim() === '' || value === 'decade') return 'decade';
  if (value === 'recent' || value === 'unscored') return value;
  throw new Error(`BENCH_SHAPE: '${value}' is none of 'decade', 'unscored', 'recent'`);
}

export const SHAPE = shapeFrom(process.env.BENCH_SHAPE);
