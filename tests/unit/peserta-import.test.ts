import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@/api/client';
import type { PesertaCreate } from '@/domain/peserta';
import { ImportFailure, importPeserta, type ImportProgress } from '@/features/peserta/import-peserta';
import { importCsvInWorker } from '@/workers/clients';

vi.mock('@/workers/clients', () => ({ importCsvInWorker: vi.fn(), exportCsvInWorker: vi.fn() }));
const worker = vi.mocked(importCsvInWorker);

const payload = (i: number) => ({ jenjang: 'SMK', nama: `Siswa ${i}` }) as unknown as PesertaCreate;
const file = (name = 'peserta.csv') => new File(['nama;asal_instansi\n'], name);

/** A fake API: the four lookups, and a bulk endpoint refusing every row whose name ends in 7. */
function fakeApi(options: { failOnCall?: number } = {}) {
  const bulkSizes: number[] = [];
  const api = {
    get: vi.fn(async () => ({ data: [] })),
    request: vi.fn(async (_method: string, path: string, opts: { body: { rows: { nama: string }[] } }) => {
      if (path !== '/api/peserta/bulk') throw new Error(path);
      bulkSizes.push(opts.body.rows.length);
      if (bulkSizes.length === options.failOnCall) throw new ApiError(0, 'offline');
      const results = opts.body.rows.map((row, index) =>
        row.nama.endsWith('7') ? { index, ok: false as const, message: 'Data sudah ada' } : { index, ok: true as const, id: index + 1 },
      );
      return { data: { created: results.filter((r) => r.ok).length, results } };
    }),
  } as unknown as ApiClient;
  return { api, bulkSizes };
}

afterEach(() => worker.mockReset());

describe('importPeserta', () => {
  it('should send the valid rows in chunks of 1,000 and merge every row outcome by file row number', async () => {
    const valid = Array.from({ length: 2500 }, (_, i) => ({ rowNumber: i + 2, payload: payload(i) }));
    worker.mockImplementation(async (_text, _jenjang, _lookups, onProgress) => {
      onProgress(0.3);
      onProgress(1);
      return { valid, errors: [{ rowNumber: 2503, message: 'Format tanggal tanggal_masuk tidak valid' }], total: 2501 };
    });
    const { api, bulkSizes } = fakeApi();
    const progress: ImportProgress[] = [];
    const report = await importPeserta(api, file(), 'SMK', (p) => progress.push(p));

    expect(bulkSizes).toEqual([1000, 1000, 500]);
    expect(report?.total).toBe(2501);
    expect(report?.created).toBe(2250);
    expect(report?.failed).toBe(251);
    expect(report?.errors[0]).toEqual({ rowNumber: 9, message: 'Data sudah ada' }); // row index 7 of the first chunk
    expect(report?.errors.at(-1)).toEqual({ rowNumber: 2503, message: 'Format tanggal tanggal_masuk tidak valid' });
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents).toEqual(expect.arrayContaining([15, 50, 70, 90, 100]));
  });

  it('should stop sending when the network goes and count the unsent rows as failed', async () => {
    const valid = Array.from({ length: 2500 }, (_, i) => ({ rowNumber: i + 2, payload: payload(i * 10) }));
    worker.mockResolvedValue({ valid, errors: [], total: 2500 });
    const { api, bulkSizes } = fakeApi({ failOnCall: 2 });
    const report = await importPeserta(api, file(), 'SMK', () => undefined);
    expect(bulkSizes).toEqual([1000, 1000]);
    expect(report?.created).toBe(1000);
    expect(report?.failed).toBe(1500);
    expect(new Set(report?.errors.map((e) => e.message))).toEqual(new Set(['Tidak dapat menyimpan saat offline']));
  });

  it('should refuse a file that is not .csv without reading it', async () => {
    const { api } = fakeApi();
    const failure = await importPeserta(api, file('peserta.xlsx'), 'SMK', () => undefined).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect(failure).toMatchObject({ title: 'Gagal membaca file', message: 'Hanya file .csv yang dapat diimport.' });
    expect(worker).not.toHaveBeenCalled();
  });

  it("should say 'Gagal membaca file' when the file cannot be read", async () => {
    const { api } = fakeApi();
    const broken = { name: 'a.csv', text: () => Promise.reject(new Error('io')) } as unknown as File;
    await expect(importPeserta(api, broken, 'SMK', () => undefined)).rejects.toMatchObject({ message: 'Gagal membaca file' });
  });

  it("should say 'Gagal memproses file' when the worker refuses the file", async () => {
    worker.mockRejectedValue(new Error('Gagal memproses file'));
    const { api, bulkSizes } = fakeApi();
    await expect(importPeserta(api, file(), 'SMK', () => undefined)).rejects.toMatchObject({ message: 'Gagal memproses file' });
    expect(bulkSizes).toEqual([]);
  });
});
