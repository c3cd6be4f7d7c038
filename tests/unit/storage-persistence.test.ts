import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '@/features/profile/storage-persistence';

const manager = (persisted: boolean, grant: boolean) => ({
  persisted: vi.fn(async () => persisted),
  persist: vi.fn(async () => grant),
});

describe('requestPersistentStorage', () => {
  it('should ask the browser and report its answer', async () => {
    const granted = manager(false, true);
    await expect(requestPersistentStorage(granted)).resolves.toBe('persistent');
    expect(granted.persist).toHaveBeenCalledOnce();
    await expect(requestPersistentStorage(manager(false, false))).resolves.toBe('best-effort');
  });

  it('should not ask again when the storage is already persistent', async () => {
    const already = manager(true, true);
    await expect(requestPersistentStorage(already)).resolves.toBe('persistent');
    expect(already.persist).not.toHaveBeenCalled();
  });

  it('should answer unknown without the API or when it fails', async () => {
    await expect(requestPersistentStorage(undefined)).resolves.toBe('unknown');
    await expect(requestPersistentStorage({ persisted: async () => Promise.reject(new Error('x')) })).resolves.toBe('unknown');
  });
});
