import { redirect } from '@tanstack/react-router';
import { canAccess, isGuardedPath, normalizeRole, ROUTE_ACCESS } from '@/domain/role-access';
import type { RouterContext } from './router-context';

/**
 * The one guard of every logged-in screen, run by the logged-in shell (./routes/app-shell.tsx)
 * for the screen being opened (`path`, its route path): no token → '/', a role the route table
 * (src/domain/role-access.ts) does not allow on `path` → '/unauthorized'. A path outside the
 * table ('/unauthorized' itself) needs only the token. A courtesy only; the server checks every call.
 */
export function guardScreen(context: Pick<RouterContext, 'session'>, path: unknown): void {
  const state = context.session.getState();
  if (!state.token) throw redirect({ to: '/', replace: true });
  if (!isGuardedPath(path) || ROUTE_ACCESS[path] === null) return;
  const role = normalizeRole(state.user?.role ?? state.userRole);
  if (!canAccess(path, role)) throw redirect({ to: '/unauthorized', replace: true });
}

/** Login page guard: a logged-in user opening '/' goes to '/dashboard'. */
export function guardLogin(context: Pick<RouterContext, 'session'>): void {
  if (context.session.getState().token) throw redirect({ to: '/dashboard', replace: true });
}
