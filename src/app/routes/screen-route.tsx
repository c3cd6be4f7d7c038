import { createRoute, type AsyncRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { GuardedPath } from '@/domain/role-access';
import { appShellRoute } from './app-shell';

/**
 * A logged-in screen's route: its path (one of the route table's, src/domain/role-access.ts,
 * which the shell checks the role against — the route itself checks nothing), its screen as a
 * lazy chunk of its own, and the component that renders it (default: the screen as it is).
 *
 * `screen` must come from lazyRouteComponent(() => import('…')) written in the route file, so
 * the bundler sees each screen's dynamic import and makes it a chunk of its own. Its chunk is
 * fetched by the route's loader, together with the layout's, not after the layout has rendered.
 */
export function screenRoute<const TPath extends GuardedPath, TSearch extends object = object>(options: {
  path: TPath;
  screen: AsyncRouteComponent<never>;
  component?: RouteComponent;
  /** Plain functions, not zod schemas: route definitions load at start-up, zod does not. */
  validateSearch?: (search: Record<string, unknown>) => TSearch;
}) {
  return createRoute({
    getParentRoute: () => appShellRoute,
    path: options.path,
    validateSearch: options.validateSearch,
    loader: () => options.screen.preload?.(),
    component: options.component ?? (options.screen as RouteComponent),
  });
}
