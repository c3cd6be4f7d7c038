import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ApiProvider } from '@/api/api-context';
import type { RouterContext } from '../router-context';

/** The API client of the router context, handed to every screen below (useApi). */
function Root() {
  const api = rootRoute.useRouteContext({ select: (context) => context.api });
  return (
    <ApiProvider api={api}>
      <Outlet />
    </ApiProvider>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
});
