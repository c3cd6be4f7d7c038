import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const GradePage = lazyRouteComponent(() => import('@/features/grade/grade-page'), 'GradePage');

export const gradeRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/grade',
  beforeLoad: ({ context }) => guard(context, '/grade'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => GradePage.preload?.(),
  component: () => <GradePage api={api} />,
});
