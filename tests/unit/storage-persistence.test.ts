import { describe, expect, it, vi } from 'vitest';
import {
  readStoragePersistence,
  requestPersistentStorage,
  storagePersistenceText,
} from '@/features/profile/storage-persistence';

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

describe('readStoragePersistence', () => {
  it('should read the current state without asking', async () => {
    const m = manager(true, false);
    await expect(readStoragePersistence(m)).resolves.toBe('persistent');
    expect(m.persist).not.toHaveBeenCalled();
    await expect(readStoragePersistence(manager(false, true))).resolves.toBe('best-effort');
    await expect(readStoragePersistence({})).resolves.toBe('unknown');
  });
});

describe('storagePersistenceText', () => {
  it('should name each state in Indonesian', () => {
    expect(storagePersistenceText('persistent')).toBe('Penyimpanan perangkat: permanen');
    expect(storagePersistenceText('best-effort')).toBe('Penyimpanan perangkat: dapat dihapus browser');
    expect(storagePersistenceText('unknown')).toBe('Penyimpanan perangkat: tidak diketahui');
  });
});
