// A kept list's rows per version (server/services/kept-rows.ts): each version reads as a map of
// its own, a version's changes never show in the version it came from, and a new base made once
// the changes are many holds the same rows.
import { describe, expect, it } from 'vitest';
import { KeptRows } from '../../server/services/kept-rows';

const idsOf = (rows: KeptRows<string>) => [...rows.ids()].sort((a, b) => a - b);
const asMap = (rows: KeptRows<string>) => new Map(idsOf(rows).map((id) => [id, rows.get(id)]));

describe('KeptRows', () => {
  it('should read as a map: set, replace, delete, and ids of the rows there are', async () => {
    const first = KeptRows.of(new Map([[1, 'a'], [2, 'b'], [3, 'c']]));
    const second = await first.next();
    second.set(2, 'B');
    second.set(4, 'd');
    expect(second.delete(1)).toBe(true);
    expect(second.delete(1)).toBe(false);
    expect(second.delete(9)).toBe(false);
    expect(second.has(1)).toBe(false);
    expect(second.get(1)).toBeUndefined();
    expect(asMap(second)).toEqual(new Map([[2, 'B'], [3, 'c'], [4, 'd']]));
    // A row added then removed again within the changes is gone, not a stale base row.
    expect(second.delete(4)).toBe(true);
    expect(idsOf(second)).toEqual([2, 3]);
    second.set(1, 'A');
    expect(asMap(second)).toEqual(new Map([[1, 'A'], [2, 'B'], [3, 'c']]));
  });

  it('should leave the version it came from as it was', async () => {
    const first = KeptRows.of(new Map([[1, 'a'], [2, 'b']]));
    const second = await first.next();
    second.set(1, 'A');
    second.delete(2);
    const third = await second.next();
    third.set(2, 'b again');
    third.set(3, 'c');
    expect(asMap(first)).toEqual(new Map([[1, 'a'], [2, 'b']]));
    expect(asMap(second)).toEqual(new Map([[1, 'A']]));
    expect(asMap(third)).toEqual(new Map([[1, 'A'], [2, 'b again'], [3, 'c']]));
  });

  it('should hold the same rows after a new base is made from many changes', async () => {
    const base = new Map<number, string>(Array.from({ length: 5_000 }, (_, i) => [i, `row ${i}`]));
    let rows = KeptRows.of(base);
    const expected = new Map(base);
    // 3,000 changes, one version each: past the rebase point (at least 1,000 changes) more than once.
    for (let i = 0; i < 3_000; i++) {
      rows = await rows.next();
      const id = (i * 7) % 6_000;
      if (i % 3 === 0) {
        rows.delete(id);
        expected.delete(id);
      } else {
        rows.set(id, `changed ${i}`);
        expected.set(id, `changed ${i}`);
      }
    }
    expect(asMap(rows)).toEqual(new Map([...expected].sort(([a], [b]) => a - b)));
    expect(base.size).toBe(5_000); // the first base itself never changed
    expect(base.get(0)).toBe('row 0');
  });
});
