import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const DivisiPage = lazyRouteComponent(() => import('@/features/divisi/divisi-page'), 'DivisiPage');

export const divisiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/divisi',
  beforeLoad: ({ context }) => guard(context, '/divisi'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => DivisiPage.preload?.(),
  component: () => <DivisiPage api={api} />,
});
