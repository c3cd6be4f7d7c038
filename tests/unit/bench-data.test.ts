// The benches' size setting and the shape of the data they generate (bench/size.ts,
// bench/generate.ts): the figures of docs/performance.md rest on them.
import { describe, expect, it } from 'vitest';
import { bulkBodies, dayFromToday, prng, type References } from '../../bench/generate';
import { participantsFrom, shapeFrom } from '../../bench/size';

const REFS: References = {
  schools: [{ id: 1, nama: 'SMK A' }],
  campuses: [{ id: 2, nama: 'Universitas B' }],
  divisions: [{ id: 3, nama: 'IT' }],
  mentors: [{ id: 4 }],
  pembimbingId: 5,
};

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe('BENCH_PARTICIPANTS', () => {
  it('defaults to 10,000 and reads whole numbers, grouped or not', () => {
    expect(participantsFrom(undefined)).toBe(10_000);
    expect(participantsFrom('')).toBe(10_000);
    expect(participantsFrom('100000')).toBe(100_000);
    expect(participantsFrom('100_000')).toBe(100_000);
    expect(participantsFrom('25,000')).toBe(25_000);
  });

  it('refuses anything else', () => {
    expect(() => participantsFrom('1e5')).toThrow(/not a whole number/);
    expect(() => participantsFrom('-5')).toThrow(/not a whole number/);
    expect(() => participantsFrom('999')).toThrow(/outside/);
    expect(() => participantsFrom('2000000')).toThrow(/outside/);
  });
});

describe('BENCH_SHAPE', () => {
  it("is 'decade' unless 'recent' is asked", () => {
    expect(shapeFrom(undefined)).toBe('decade');
    expect(shapeFrom('recent')).toBe('recent');
    expect(() => shapeFrom('flat')).toThrow(/none of/);
  });
});

describe('the generated import', () => {
  it('a decade of 3–6 month internships: about 4 % running today, the rest ended', () => {
    const bodies = bulkBodies(REFS, prng(1), 'decade', 20_000, 1);
    const rows = bodies.flatMap((body) => body.rows) as { tanggal_masuk: string; tanggal_selesai: string; nama: string }[];
    expect(rows).toHaveLength(20_000);
    expect(bodies.every((body) => body.rows.length <= 5000)).toBe(true);
    expect(bodies.filter((body) => body.jenjang === 'Mahasiswa').flatMap((body) => body.rows)).toHaveLength(2000);
    const today = dayFromToday(0);
    const tenYearsAgo = dayFromToday(-3652);
    for (const row of rows) {
      expect(row.tanggal_masuk >= tenYearsAgo && row.tanggal_masuk <= today).toBe(true);
      const length = daysBetween(row.tanggal_masuk, row.tanggal_selesai);
      expect(length).toBeGreaterThanOrEqual(91);
      expect(length).toBeLessThanOrEqual(182);
    }
    const running = rows.filter((row) => row.tanggal_selesai >= today).length / rows.length;
    expect(running).toBeGreaterThan(0.03);
    expect(running).toBeLessThan(0.05);
  });

  it('is repeatable, and numbers its rows from the serial asked', () => {
    const names = (seed: number) => bulkBodies(REFS, prng(seed), 'decade', 10, 101).flatMap((body) => body.rows.map((row) => row.nama));
    expect(names(7)).toEqual(names(7));
    expect(names(7)).not.toEqual(names(8));
    expect(names(7).map((nama) => String(nama).split(' ').at(-1))).toEqual(['101', '102', '103', '104', '105', '106', '107', '108', '109', '110']);
  });

  it("a further import of 10,000 SMK rows is two requests of 5,000", () => {
    const bodies = bulkBodies(REFS, prng(2), 'decade', 10_000, 100_001, 0);
    expect(bodies.map((body) => [body.jenjang, body.rows.length])).toEqual([
      ['SMK', 5000],
      ['SMK', 5000],
    ]);
  });
});
