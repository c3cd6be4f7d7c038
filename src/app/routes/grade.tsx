import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function GradePage() {
  return <PlaceholderPage title="Management Grade Template" />;
}

export const gradeRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/grade',
  beforeLoad: ({ context }) => guard(context, '/grade'),
  component: GradePage,
});
