import { describe, expect, it } from 'vitest';
import { apiErrorContent } from '@/ui/api-error';

describe('apiErrorContent (the API error popup)', () => {
  it.each([
    [{ error: 'Conflict', message: 'Username sudah digunakan' }, 'Conflict', 'Username sudah digunakan'],
    [{ message: 'Data tidak valid' }, 'Error', 'Data tidak valid'],
    [{ error: '  ', message: '' }, 'Error', 'Terjadi kesalahan tidak diketahui.'],
    [null, 'Error', 'Terjadi kesalahan tidak diketahui.'],
  ])('should read %j as title %j and body %j', (body, title, message) => {
    expect(apiErrorContent(body)).toEqual({ title, message });
  });
});
