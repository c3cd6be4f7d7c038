import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api, session } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const ProfilePage = lazyRouteComponent(() => import('@/features/profile/profile-page'), 'ProfilePage');

function ProfileRoute() {
  const state = useSession();
  return (
    <ProfilePage
      api={api}
      cachedUser={state.user}
      onUserUpdated={(user) => session.setUser(user)}
      onTokenRenewed={(token) => session.renewToken(token)}
    />
  );
}

export const profileRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/profile',
  beforeLoad: ({ context }) => guard(context, '/profile'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => ProfilePage.preload?.(),
  component: ProfileRoute,
});
