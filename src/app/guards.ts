import { redirect } from '@tanstack/react-router';
import { canAccess, normalizeRole, ROUTE_ACCESS, type GuardedPath } from '@/domain/role-access';
import type { SessionStore } from './session/session-store';

/** What every route's beforeLoad receives. */
export interface RouterContext {
  session: SessionStore;
}

/**
 * Route guard of spec section 2: no token → '/', a role not allowed on `path` → '/unauthorized'.
 * A courtesy only; the server checks every call.
 */
export function guard(context: RouterContext, path: GuardedPath): void {
  const state = context.session.getState();
  if (!state.token) throw redirect({ to: '/', replace: true });
  if (ROUTE_ACCESS[path] === null) return;
  const role = normalizeRole(state.user?.role ?? state.userRole);
  if (!canAccess(path, role)) throw redirect({ to: '/unauthorized', replace: true });
}

/** Login page guard: a logged-in user opening '/' goes to '/dashboard'. */
export function guardLogin(context: RouterContext): void {
  if (context.session.getState().token) throw redirect({ to: '/dashboard', replace: true });
}
