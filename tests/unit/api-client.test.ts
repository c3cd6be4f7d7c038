import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { login } from '@/api/auth';
import { ApiError, answerErrorField, createApiClient, errorMessage } from '@/api/client';
import { MSG } from '@/domain/messages';

function respond(status: number, body?: unknown, seen: RequestInit[] = []): typeof fetch {
  return async (_input, init) => {
    seen.push(init ?? {});
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  };
}

describe('createApiClient', () => {
  it('should send JSON with the Bearer token and parse with the schema', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({ getToken: () => 'abc', fetch: respond(200, { data: { n: 1 } }, seen) });
    const result = await api.post('/api/x', { a: 1 }, { schema: z.object({ data: z.object({ n: z.number() }) }) });
    expect(result.data.n).toBe(1);
    const headers = seen[0]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(seen[0]?.body).toBe('{"a":1}');
  });

  it('should throw the server message with its status', async () => {
    const api = createApiClient({ fetch: respond(409, { message: 'Data telah berubah.' }) });
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('Data telah berubah.');
    expect(errorMessage(error, 'fallback')).toBe('Data telah berubah.');
  });

  it("should read the answer's `error` field for the error popup's title, and null without one", async () => {
    const titled = await createApiClient({ fetch: respond(409, { error: 'Conflict', message: 'Data telah berubah.' }) })
      .get('/api/x')
      .catch((e: unknown) => e);
    expect(answerErrorField(titled)).toBe('Conflict');
    const plain = await createApiClient({ fetch: respond(409, { message: 'Data telah berubah.' }) })
      .get('/api/x')
      .catch((e: unknown) => e);
    expect(answerErrorField(plain)).toBeNull();
    const blank = await createApiClient({ fetch: respond(400, { error: '  ', message: 'x' }) })
      .get('/api/x')
      .catch((e: unknown) => e);
    expect(answerErrorField(blank)).toBeNull();
    expect(answerErrorField(new Error('Conflict'))).toBeNull();
  });

  it('should use the fallback when the server sent no message', async () => {
    const api = createApiClient({ fetch: respond(500) });
    const error = await api.get('/api/x', undefined, { fallbackMessage: 'Gagal memuat data' }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Gagal memuat data');
    expect(errorMessage(error, 'Gagal memuat data')).toBe('Gagal memuat data');
  });

  it('should report a network failure as status 0', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(MSG.networkError);
  });

  it('should call onUnauthorized on a 401 to an authenticated call only', async () => {
    let calls = 0;
    const api = createApiClient({ getToken: () => 't', fetch: respond(401, { message: 'x' }), onUnauthorized: () => calls++ });
    await api.get('/api/x').catch(() => undefined);
    await api.post('/api/auth/login', {}, { auth: false }).catch(() => undefined);
    expect(calls).toBe(1);
  });

  it('should tell onUnauthorized which token the refused request carried', async () => {
    let current = 'old';
    const seen: string[] = [];
    let answer!: (response: Response) => void;
    const api = createApiClient({
      getToken: () => current,
      fetch: () => new Promise<Response>((resolve) => (answer = resolve)),
      onUnauthorized: (_error, token) => seen.push(token),
    });
    const inFlight = api.get('/api/x').catch(() => undefined);
    current = 'renewed'; // a password change renewed the token while the request was out
    answer(new Response(JSON.stringify({ message: 'x' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await inFlight;
    expect(seen).toEqual(['old']);
  });
});

describe('login', () => {
  it('should show the server text for wrong credentials', async () => {
    const api = createApiClient({ fetch: respond(401, { message: MSG.wrongCredentials }) });
    const error = await login(api, { username: 'hr', password: 'nope' }).catch((e: unknown) => e);
    expect(errorMessage(error, MSG.networkError)).toBe(MSG.wrongCredentials);
  });

  it('should fall back to the network text without a server message', async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    const error = await login(api, { username: 'hr', password: 'hr1234' }).catch((e: unknown) => e);
    expect(errorMessage(error, MSG.networkError)).toBe(MSG.networkError);
  });
});

describe('ApiClient.getBytes', () => {
  it('should return the bytes, ETag and type with the Bearer token', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({
      getToken: () => 'abc',
      fetch: async (_input, init) => {
        seen.push(init ?? {});
        return new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { ETag: '"ab"', 'Content-Type': 'image/png' } });
      },
    });
    const result = await api.getBytes('/api/users/signature/1');
    expect([...(result?.bytes ?? [])]).toEqual([137, 80, 78, 71]);
    expect(result?.etag).toBe('"ab"');
    expect(result?.contentType).toBe('image/png');
    const headers = seen[0]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['If-None-Match']).toBeUndefined();
  });

  it('should send If-None-Match and return null on 304', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({
      fetch: async (_input, init) => {
        seen.push(init ?? {});
        return new Response(null, { status: 304 });
      },
    });
    expect(await api.getBytes('/api/x', { ifNoneMatch: '"ab"' })).toBeNull();
    expect((seen[0]?.headers as Record<string, string>)['If-None-Match']).toBe('"ab"');
  });

  it.each([
    [404, { message: 'Tanda tangan tidak ditemukan' }, 'Tanda tangan tidak ditemukan'],
    [500, undefined, MSG.unknownError],
  ])('should throw an ApiError for %i with the server message or the fallback', async (status, body, message) => {
    const api = createApiClient({ fetch: respond(status, body) });
    const error = await api.getBytes('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe(message);
  });

  it('should send FormData as is, without a Content-Type of its own', async () => {
    const seen: RequestInit[] = [];
    const api = createApiClient({ fetch: respond(200, { ok: true }, seen) });
    const form = new FormData();
    form.append('signature', new Blob([new Uint8Array([1])], { type: 'image/png' }), 's.png');
    await api.post('/api/users/signature', form);
    expect(seen[0]?.body).toBe(form);
    expect((seen[0]?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
