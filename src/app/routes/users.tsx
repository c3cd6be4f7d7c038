import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function UsersPage() {
  return <PlaceholderPage title="Daftar Users" />;
}

export const usersRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/users',
  beforeLoad: ({ context }) => guard(context, '/users'),
  component: UsersPage,
});
