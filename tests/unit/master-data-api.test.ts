import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '@/api/client';
import { createDivisi, deleteInstansi, mutationErrorText, updateUser } from '@/api/master-data';
import { MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(new URL(String(input), 'http://localhost'), init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('master-data mutations', () => {
  it('should POST the body and return the parsed row', async () => {
    const seen: Request[] = [];
    const api = createApiClient({ getToken: () => 'tok', fetch: fakeFetch(201, { data: { id: 8, nama: 'Gudang', divisi_kategori: [] } }, seen) });
    await expect(createDivisi(api, { nama: 'Gudang' })).resolves.toEqual({ id: 8, nama: 'Gudang', divisi_kategori: [] });
    expect(seen[0]?.method).toBe('POST');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/divisi');
    expect(await seen[0]!.json()).toEqual({ nama: 'Gudang' });
  });

  it('should PUT the user payload to /api/users/{id}', async () => {
    const seen: Request[] = [];
    const user = { id: 3, employee_id: 'EMP003', employeeId: 'EMP003', username: 'm2', role: 'Mentor', signature_url: null };
    const api = createApiClient({ fetch: fakeFetch(200, { data: user }, seen) });
    await updateUser(api, 3, { username: 'm2', role: 'Mentor', password: undefined });
    expect(seen[0]?.method).toBe('PUT');
    expect(new URL(seen[0]!.url).pathname).toBe('/api/users/3');
    expect(await seen[0]!.json()).toEqual({ username: 'm2', role: 'Mentor' });
  });

  it('should show the server refusal first, else the fallback', async () => {
    const refused = createApiClient({ fetch: fakeFetch(409, { message: MASTER_MSG.instansiHasPeserta }) });
    const error = await deleteInstansi(refused, 1).catch((e: unknown) => e);
    expect(mutationErrorText(error, MASTER_MSG.instansiDeleteFailed)).toBe(MASTER_MSG.instansiHasPeserta);
    const silent = createApiClient({ fetch: fakeFetch(500, {}) });
    const other = await deleteInstansi(silent, 1).catch((e: unknown) => e);
    expect(mutationErrorText(other, MASTER_MSG.instansiDeleteFailed)).toBe(MASTER_MSG.instansiDeleteFailed);
    expect(mutationErrorText(new Error('x'), 'Gagal')).toBe('Gagal');
  });

  it("should say 'Tidak dapat menyimpan saat offline' on a network error", async () => {
    const api = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await createDivisi(api, { nama: 'X' }).catch((e: unknown) => e);
    expect(mutationErrorText(error, MASTER_MSG.divisiSaveFailed)).toBe(MSG.offlineCannotSave);
  });

  it('should not send anything while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const seen: Request[] = [];
    const api = createApiClient({ fetch: fakeFetch(201, {}, seen) });
    const error = await createDivisi(api, { nama: 'X' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(mutationErrorText(error, MASTER_MSG.divisiSaveFailed)).toBe(MSG.offlineCannotSave);
    expect(seen).toHaveLength(0);
  });
});
