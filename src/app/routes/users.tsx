import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const UsersPage = lazyRouteComponent(() => import('@/features/users/users-page'), 'UsersPage');

function UsersRoute() {
  const state = useSession();
  return <UsersPage currentUserId={state.user?.id ?? null} />;
}

export const usersRoute = screenRoute({ path: '/users', screen: UsersPage, component: UsersRoute });
