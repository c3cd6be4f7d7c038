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
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => KompetensiPage.preload?.(),
  component: () => <KompetensiPage api={api} />,
});
