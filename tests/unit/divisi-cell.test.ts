import { describe, expect, it } from 'vitest';
import { divisiCell } from '@/features/kompetensi/divisi-cell-rule';

const linked = (...names: string[]) => ({ divisi_kategori: names.map((nama, i) => ({ divisi: { id: i + 1, nama } })) });
const eight = ['H', 'G', 'F', 'E', 'D', 'C', 'B', 'A'];

describe('divisiCell (Kompetensi table)', () => {
  it("should say 'none' when no division is linked", () => {
    expect(divisiCell({ divisi_kategori: [] })).toEqual({ kind: 'none' });
    expect(divisiCell({})).toEqual({ kind: 'none' });
  });

  it('should list up to 7 divisions one by one, sorted', () => {
    expect(divisiCell(linked('Pemasaran', 'keuangan'))).toEqual({ kind: 'list', names: ['keuangan', 'Pemasaran'] });
    expect(divisiCell(linked(...eight.slice(0, 7)))).toEqual({ kind: 'list', names: ['B', 'C', 'D', 'E', 'F', 'G', 'H'] });
  });

  it("should show 'Semua Divisi' with every name when more than 7 are linked", () => {
    expect(divisiCell(linked(...eight))).toEqual({ kind: 'all', names: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] });
  });
});
