import { createRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/profile-page';
import { guard } from '../guards';
import { api, session } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

function ProfileRoute() {
  const state = useSession();
  return <ProfilePage api={api} cachedUser={state.user} onUserUpdated={(user) => session.setUser(user)} />;
}

export const profileRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/profile',
  beforeLoad: ({ context }) => guard(context, '/profile'),
  component: ProfileRoute,
});
