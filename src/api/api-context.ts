import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { ApiClient } from './client';

/**
 * The API client of the screens below: the app puts its one client here (from the router
 * context, src/app/routes/root.tsx); a screen reads it with useApi() instead of taking it as a
 * prop, and a test or the build-time login shell can hand in another.
 */
const ApiContext = createContext<ApiClient | null>(null);

// createElement, not JSX: src/api is also compiled for the service worker, which has no JSX.
export function ApiProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  return createElement(ApiContext.Provider, { value: api }, children);
}

/** The API client of the nearest ApiProvider; throws outside one (a wiring mistake, not a state). */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi: no ApiProvider above this component');
  return api;
}
