import { describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_ROWS, chunk, importProgress, isCsvFileName, mergeImportReport } from '@/features/peserta/import-report';

describe('chunk', () => {
  it('should cut 5,000 rows into five requests of 1,000', () => {
    const pieces = chunk(Array.from({ length: 5000 }, (_, i) => i));
    expect(IMPORT_CHUNK_ROWS).toBe(1000);
    expect(pieces.map((p) => p.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(pieces[4]?.[999]).toBe(4999);
  });

  it.each([
    [0, 3, []],
    [5, 2, [2, 2, 1]],
    [3, 10, [3]],
    [2, 0, [1, 1]],
  ])('%i items by %i should give sizes %j', (n, size, sizes) => {
    expect(chunk(Array.from({ length: n }, (_, i) => i), size).map((p) => p.length)).toEqual(sizes);
  });
});

describe('isCsvFileName', () => {
  it.each([
    ['peserta.csv', true],
    ['PESERTA.CSV', true],
    ['a.b.csv ', true],
    ['peserta.xlsx', false],
    ['peserta.csv.txt', false],
    ['csv', false],
  ])('%j → %s', (name, expected) => {
    expect(isCsvFileName(name)).toBe(expected);
  });
});

describe('importProgress', () => {
  it.each([
    ['parse', 0, 0],
    ['parse', 0.5, 25],
    ['parse', 1, 50],
    ['send', 0, 50],
    ['send', 0.2, 60],
    ['send', 1, 100],
    ['send', 7, 100],
    ['parse', Number.NaN, 0],
  ] as const)('%s at %d should be %i%%', (stage, fraction, expected) => {
    expect(importProgress(stage, fraction)).toBe(expected);
  });
});

describe('mergeImportReport', () => {
  const rows = (...numbers: number[]) => numbers.map((rowNumber) => ({ rowNumber }));

  it('should map server indexes back to file row numbers and merge with client errors, sorted', () => {
    const report = mergeImportReport(
      7,
      [{ rowNumber: 4, message: 'Divisi "Gudang" tidak ditemukan di database' }],
      [
        {
          rows: rows(2, 3, 5),
          results: [
            { index: 0, ok: true, id: 10 },
            { index: 1, ok: false, message: 'Data sudah ada' },
            { index: 2, ok: true, id: 11 },
          ],
        },
        { rows: rows(6, 8), results: [{ index: 1, ok: true, id: 12 }, { index: 0, ok: false, message: 'Instansi tidak valid' }] },
      ],
    );
    expect(report).toEqual({
      total: 7,
      created: 3,
      failed: 3,
      errors: [
        { rowNumber: 3, message: 'Data sudah ada' },
        { rowNumber: 4, message: 'Divisi "Gudang" tidak ditemukan di database' },
        { rowNumber: 6, message: 'Instansi tidak valid' },
      ],
    });
  });

  it('should count every row of a failed request, and rows without an answer, as failed', () => {
    const report = mergeImportReport(4, [], [
      { rows: rows(2, 3), results: [{ index: 0, ok: true, id: 1 }] },
      { rows: rows(4, 5), error: 'Tidak dapat menyimpan saat offline' },
    ]);
    expect(report.created).toBe(1);
    expect(report.failed).toBe(3);
    expect(report.errors).toEqual([
      { rowNumber: 3, message: 'Tidak ada jawaban dari server' },
      { rowNumber: 4, message: 'Tidak dapat menyimpan saat offline' },
      { rowNumber: 5, message: 'Tidak dapat menyimpan saat offline' },
    ]);
    expect(report.created + report.failed).toBe(report.total);
  });

  it('should report all-good imports with no errors', () => {
    expect(mergeImportReport(1, [], [{ rows: rows(2), results: [{ index: 0, ok: true, id: 5 }] }])).toEqual({ total: 1, created: 1, failed: 0, errors: [] });
  });
});
