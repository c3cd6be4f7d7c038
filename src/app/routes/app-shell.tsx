import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guardScreen } from '../guards';
import { rootRoute } from './root';

// The layout is its own chunk, fetched with the first screen: it brings the outbox status
// (Dexie, src/sync), which the login page never needs (it stays off the first-route JS).
const AppLayout = lazyRouteComponent(() => import('../layout/app-layout'), 'AppLayout');

/**
 * Pathless parent of every logged-in screen: the sidebar + top bar layout, and the one place
 * the token and the role are checked. Its beforeLoad runs on every navigation below it, with
 * the screen being opened as the last match (its route path, whatever the address's case; typed
 * `unknown` here, as the route tree's types are still being inferred from this very route).
 */
export const appShellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ context, matches }) => guardScreen(context, matches.at(-1)?.fullPath),
  component: AppLayout,
});
