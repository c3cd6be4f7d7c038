import type { ApiClient } from '@/api/client';
import type { SessionStore } from './session/session-store';

/**
 * What the router hands every route (`context` of beforeLoad, loader and useRouteContext): the
 * app's dependencies, set once in ./router.tsx, so no route or screen imports the singletons.
 */
export interface RouterContext {
  session: SessionStore;
  api: ApiClient;
}
