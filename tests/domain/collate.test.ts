// src/domain/collate: the shared collators order exactly as localeCompare with 'id' does.
import { describe, expect, it } from 'vitest';
import { compareId, compareIdBase, compareIsoDate } from '@/domain/collate';

const NAMES = ['Zainal', 'ádi', 'Adi', 'adi', 'Ádi', 'Budi Santoso', 'budi santoso', 'Çitra', 'Citra', '10 Andi', '2 Andi', 'Ñoman', 'Noman', 'Éka', 'eka', ''];
const sign = (n: number) => Math.sign(n);

describe('compareId / compareIdBase', () => {
  it("should order every pair as localeCompare(…, 'id') does", () => {
    for (const a of NAMES) {
      for (const b of NAMES) {
        expect(sign(compareId(a, b)), `${a} ~ ${b}`).toBe(sign(a.localeCompare(b, 'id')));
        expect(sign(compareIdBase(a, b)), `${a} ~ ${b} (base)`).toBe(sign(a.localeCompare(b, 'id', { sensitivity: 'base' })));
      }
    }
  });

  it('should ignore case and accents only in the base order', () => {
    expect(compareIdBase('Ádi', 'adi')).toBe(0);
    expect(compareId('Ádi', 'adi')).not.toBe(0);
    expect([...NAMES].sort(compareId)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b, 'id')));
  });
});

describe('compareIsoDate', () => {
  const DATES = ['2026-01-31', '2025-12-31', '2026-02-01', '2026-01-09', '2026-01-10', '2026-01-31', '1999-07-04'];

  it('should order ISO dates by date, as localeCompare does', () => {
    for (const a of DATES) {
      for (const b of DATES) expect(sign(compareIsoDate(a, b)), `${a} ~ ${b}`).toBe(sign(a.localeCompare(b)));
    }
    expect([...DATES].sort(compareIsoDate)).toEqual(['1999-07-04', '2025-12-31', '2026-01-09', '2026-01-10', '2026-01-31', '2026-01-31', '2026-02-01']);
  });

  it('should answer 0 for the same day only', () => {
    expect(compareIsoDate('2026-03-05', '2026-03-05')).toBe(0);
    expect(compareIsoDate('2026-03-05', '2026-03-06')).toBeLessThan(0);
    expect(compareIsoDate('2026-03-06', '2026-03-05')).toBeGreaterThan(0);
  });
});
