import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { pesertaErrorText } from '@/api/peserta';

describe('pesertaErrorText (server message, else raw body, else fallback)', () => {
  it.each([
    [new ApiError(400, 'Semua field wajib diisi', 'Semua field wajib diisi', { message: 'Semua field wajib diisi' }), 'Semua field wajib diisi'],
    [new ApiError(502, 'x', null, 'Bad Gateway'), 'Bad Gateway'],
    [new ApiError(500, 'x', null, { error: 'boom' }), '{"error":"boom"}'],
    [new ApiError(500, 'x', null, '   '), 'Gagal menyimpan data'],
    [new ApiError(500, 'x', null, {}), 'Gagal menyimpan data'],
    [new ApiError(500, 'x'), 'Gagal menyimpan data'],
    [new ApiError(0, 'x'), 'Tidak dapat menyimpan saat offline'],
    [new Error('other'), 'Gagal menyimpan data'],
  ])('%o → %j', (error, expected) => {
    expect(pesertaErrorText(error, 'Gagal menyimpan data')).toBe(expected);
  });

  it('should shorten a long raw body', () => {
    const text = pesertaErrorText(new ApiError(500, 'x', null, 'a'.repeat(1000)), 'Gagal');
    expect(text.length).toBeLessThanOrEqual(301);
  });
});
