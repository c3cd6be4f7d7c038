import { createRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/users/users-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const usersRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/users',
  beforeLoad: ({ context }) => guard(context, '/users'),
  component: () => <UsersPage api={api} />,
});
