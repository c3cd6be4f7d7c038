import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { HttpError } from '../../server/http-error';
import { parseInput } from '../../server/validation';

const schema = z.object({
  nama: z.string().min(1, 'Nama wajib diisi').max(5),
  skor: z.number().int().min(0).max(100),
  items: z.array(z.object({ huruf: z.string().max(2) })),
});

function messageOf(value: unknown): string {
  try {
    parseInput(schema, value);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a 400');
}

describe('parseInput()', () => {
  const valid = { nama: 'Budi', skor: 90, items: [{ huruf: 'A' }] };

  it('should return the parsed value', () => {
    expect(parseInput(schema, valid)).toEqual(valid);
  });

  it.each([
    [{ ...valid, nama: '' }, 'Nama wajib diisi'],
    [{ skor: 1, items: [] }, 'Nama wajib diisi'],
    [{ ...valid, nama: 'panjang sekali' }, 'Nama maksimal 5 karakter'],
    [{ ...valid, skor: 101 }, 'Skor maksimal 100'],
    [{ ...valid, skor: -1 }, 'Skor minimal 0'],
    [{ ...valid, skor: 'x' }, 'Skor tidak valid'],
    [{ ...valid, skor: 1.5 }, 'Skor tidak valid'],
    [{ ...valid, items: [{ huruf: 'ABC' }] }, 'Huruf maksimal 2 karakter'],
    [null, SERVER_MSG.invalidInput],
    ['text', SERVER_MSG.invalidInput],
  ])('should answer %j with %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });
});
