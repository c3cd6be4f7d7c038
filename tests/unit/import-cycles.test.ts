import { describe, expect, it } from 'vitest';
import { findCycles } from '../../scripts/import-cycles.mjs';

const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('findCycles (npm run lint)', () => {
  it.each([
    ['no edges', { a: [], b: [] }, []],
    ['a chain', { a: ['b'], b: ['c'], c: [] }, []],
    ['a diamond', { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, []],
    ['two files importing each other', { a: ['b'], b: ['a'] }, [['a', 'b']]],
    ['a file importing itself', { a: ['a'], b: [] }, [['a']]],
    ['a ring of three, reached from outside', { x: ['a'], a: ['b'], b: ['c'], c: ['a'] }, [['a', 'b', 'c']]],
    ['two separate cycles', { a: ['b'], b: ['a'], c: ['d'], d: ['c'], e: ['a'] }, [['a', 'b'], ['c', 'd']]],
  ])('should find the cycles of %s', (_name, edges, expected) => {
    expect(findCycles(graphOf(edges))).toEqual(expected);
  });

  it('should walk a chain of 20,000 files without overflowing the stack', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) edges[`f${i}`] = i < 19_999 ? [`f${i + 1}`] : ['f0'];
    expect(findCycles(graphOf(edges))[0]).toHaveLength(20_000);
  });
});
