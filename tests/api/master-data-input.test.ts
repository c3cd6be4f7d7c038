// A client mistake never yields 500: every master-data mutation gets each field replaced by
// values of the wrong kind (and whole bodies that are not objects), and must answer 4xx or success.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MSG } from '../../src/domain/messages';
import { call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let hr: string;
beforeAll(async () => {
  t = await buildTestApp();
  hr = (await demoTokens(t)).hr;
});
afterAll(() => t.close());

const JUNK: readonly unknown[] = [null, true, -1, 1.5, 1e308, '', '1', 'x'.repeat(3000), '\u0000', [], [null], ['a'], {}, Array(3000).fill(1)];
const RAW_BODIES = ['null', '1', '"x"', '[]', 'true'];

/** A valid body per resource; the PUT variants use the same fields. */
const VALID: Record<string, Record<string, unknown>> = {
  users: { employee_id: 'F1', username: 'f1', password: 'abcd', role: 'Mentor' },
  instansi: { nama: 'F', jenis: 'Kampus' },
  divisi: { nama: 'F' },
  kompetensi: { nama: 'F', jenjang: 'SMK', aktif: true, divisi_ids: [1] },
  grade: { nama: 'F', deskripsi: '', kategori: 'SMK', items: [{ huruf: 'A', min: 1, predikat: 'x' }] },
};
const ENDPOINTS = Object.keys(VALID).flatMap((resource) => [
  ['POST', `/api/${resource}`, resource],
  ['PUT', `/api/${resource}/3`, resource],
]) as ['POST' | 'PUT', string, string][];

describe('master-data mutations with wrong input', () => {
  it.each(ENDPOINTS)('should never answer 5xx on %s %s', async (method, url, resource) => {
    const valid = VALID[resource] as Record<string, unknown>;
    const failures: string[] = [];
    const attempt = async (label: string, payload: unknown) => {
      const response = await call(t, method, url, hr, payload);
      if (response.statusCode >= 500) failures.push(`${label}: ${response.statusCode}`);
    };
    for (const field of Object.keys(valid)) {
      for (const value of JUNK) await attempt(`${field}=${JSON.stringify(value)?.slice(0, 30)}`, { ...valid, [field]: value });
    }
    for (const raw of RAW_BODIES) await attempt(`body ${raw}`, raw);
    expect(failures).toEqual([]);
  });

  it.each(['/api/users', '/api/instansi', '/api/divisi', '/api/kompetensi', '/api/grade'])(
    'should answer 400 for a NUL character in a name on POST %s',
    async (url) => {
      const response = await call(t, 'POST', url, hr, {
        ...VALID[url.slice(5)], employee_id: 'NUL1', nama_lengkap: 'a\u0000b', nama: 'a\u0000b',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SERVER_MSG.invalidInput });
    },
  );

  it.each(['search=%00', 'role=%00', 'search=a&search=b'])('should answer 4xx for GET /api/users?%s', async (query) => {
    const response = await call(t, 'GET', `/api/users?${query}`, hr);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
