import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const KompetensiPage = lazyRouteComponent(() => import('@/features/kompetensi/kompetensi-page'), 'KompetensiPage');

export const kompetensiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/kompetensi',
  beforeLoad: ({ context }) => guard(context, '/kompetensi'),
  component: () => <KompetensiPage api={api} />,
});
