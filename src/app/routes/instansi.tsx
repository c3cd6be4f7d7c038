import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function InstansiPage() {
  return <PlaceholderPage title="Instansi" />;
}

export const instansiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/instansi',
  beforeLoad: ({ context }) => guard(context, '/instansi'),
  component: InstansiPage,
});
