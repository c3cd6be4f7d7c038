import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const InstansiPage = lazyRouteComponent(() => import('@/features/instansi/instansi-page'), 'InstansiPage');

export const instansiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/instansi',
  beforeLoad: ({ context }) => guard(context, '/instansi'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => InstansiPage.preload?.(),
  component: () => <InstansiPage api={api} />,
});
