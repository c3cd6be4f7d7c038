/**
 * A module-level zod schema built on first use instead of when its module loads (start-up time: docs/performance.md).
 *
 * A logged-in start evaluates the `app` chunk, which holds every domain schema; zod 4 builds
 * each schema (and its ~50 methods) eagerly, so `z.object(...)` at module level cost about half
 * of the one long task that evaluates the `app`, zod and Dexie chunks (CPU profile of a
 * `/penilaian` start: ~140 of ~290 samples in zod). Wrapped in `lazySchema(() => z.object(...))`
 * only the schemas a screen uses are built, when it first parses. The value behaves as the
 * schema itself (a Proxy forwarding every access to it), so call sites and `z.infer` are
 * unchanged. Outside a page (server, service worker, Node tests) it builds at once: no Proxy
 * where start-up time does not matter.
 */
export function lazySchema<T extends object>(build: () => T): T {
  if (!('document' in globalThis)) return build();
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The target is an empty extensible object: report properties as configurable (Proxy invariant).
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
