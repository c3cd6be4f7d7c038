import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '@/api/client';
import { MagangDb } from '@/db/db';
import { getCachedProfile } from '@/db/meta';
import { pullProfile } from '@/sync/pull-profile';

const user = { id: 1, employee_id: 'EMP001', employeeId: 'EMP001', username: 'hr', role: 'HR', signature_url: null };
let db: MagangDb;
let n = 0;

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(new URL(String(input), 'http://localhost'), init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

beforeEach(() => {
  db = new MagangDb(`pull-test-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

describe('pullProfile', () => {
  it('should GET /api/auth/profile with the token and cache the user in meta', async () => {
    const seen: Request[] = [];
    const api = createApiClient({ getToken: () => 'tok', fetch: fakeFetch(200, { data: user }, seen) });
    const result = await pullProfile(api, db);
    expect(result.username).toBe('hr');
    expect(seen[0]?.method).toBe('GET');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/auth/profile');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(await getCachedProfile(db)).toEqual(user);
  });

  it('should reject with a detectable 401 and keep the cache unchanged', async () => {
    const api = createApiClient({ getToken: () => 'bad', fetch: fakeFetch(401, { message: 'Sesi tidak valid' }) });
    const error = await pullProfile(api, db).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(await getCachedProfile(db)).toBeNull();
  });

  it('should reject with status 0 when the network fails', async () => {
    const api = createApiClient({
      getToken: () => 'tok',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await pullProfile(api, db).catch((e: unknown) => e);
    expect(isApiError(error) && error.isNetworkError).toBe(true);
  });
});
