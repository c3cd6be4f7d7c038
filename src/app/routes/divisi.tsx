import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function DivisiPage() {
  return <PlaceholderPage title="Divisi" />;
}

export const divisiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/divisi',
  beforeLoad: ({ context }) => guard(context, '/divisi'),
  component: DivisiPage,
});
