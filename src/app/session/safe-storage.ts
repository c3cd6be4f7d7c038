import type { KeyValueStorage } from './session-store';

/**
 * window.sessionStorage, or an in-memory stand-in where the browser refuses storage
 * (some private modes throw on access). The session then lasts until the tab reloads.
 */
export function safeSessionStorage(): KeyValueStorage {
  try {
    const storage = window.sessionStorage;
    const probe = '__magang_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, String(value)),
      removeItem: (key) => void memory.delete(key),
    };
  }
}
