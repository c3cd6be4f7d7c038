import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../guards';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
