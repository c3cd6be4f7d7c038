// lazySchema (src/domain/lazy-schema.ts): in a page (a `document` exists) the schema is built on
// first use and the stand-in behaves as the schema; elsewhere it is built at once.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';

const withDocument = () => Object.defineProperty(globalThis, 'document', { value: {}, configurable: true });
afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('lazySchema', () => {
  it('should build at once where there is no document (server, service worker, Node)', () => {
    let builds = 0;
    const schema = lazySchema(() => (builds++, z.object({ a: z.number() })));
    expect(builds).toBe(1);
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(builds).toBe(1);
  });

  it('should build in a page only on first use, once, and behave as the schema', () => {
    withDocument();
    let builds = 0;
    const inner = lazySchema(() => (builds++, z.object({ nama: z.string().trim().min(1, 'Nama wajib diisi') })));
    expect(builds).toBe(0);
    expect(inner.parse({ nama: ' Rina ' })).toEqual({ nama: 'Rina' });
    expect(builds).toBe(1);
    const refused = inner.safeParse({ nama: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Nama wajib diisi');
    expect(inner).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(inner.shape)).toEqual(['nama']);
    expect(builds).toBe(1);
  });

  it('should compose: a lazy schema inside another, extended and converted to JSON Schema', () => {
    withDocument();
    const item = lazySchema(() => z.object({ skor: z.number().int().min(0).max(100) }));
    const body = lazySchema(() => z.object({ nilai_data: z.array(item).min(1) }));
    expect(body.parse({ nilai_data: [{ skor: 90 }] })).toEqual({ nilai_data: [{ skor: 90 }] });
    expect(body.safeParse({ nilai_data: [{ skor: 101 }] }).success).toBe(false);
    const extended = item.extend({ catatan: z.string().optional() });
    expect(extended.parse({ skor: 5, catatan: 'x' })).toEqual({ skor: 5, catatan: 'x' });
    expect(z.toJSONSchema(body)).toMatchObject({ type: 'object', required: ['nilai_data'] });
  });
});
