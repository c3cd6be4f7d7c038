import { lazyRouteComponent, useRouteContext } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useSession } from '../session/use-session';
import { screenRoute } from './screen-route';

const ProfilePage = lazyRouteComponent(() => import('@/features/profile/profile-page'), 'ProfilePage');
const PushCard = lazy(() => import('@/features/notifikasi/push-card').then((m) => ({ default: m.PushCard })));

function ProfileRoute() {
  const state = useSession();
  const session = useRouteContext({ from: '__root__', select: (context) => context.session });
  return (
    <ProfilePage
      cachedUser={state.user}
      onUserUpdated={(user) => session.setUser(user)}
      onTokenRenewed={(token) => session.renewToken(token)}
      pushPanel={
        <Suspense fallback={null}>
          <PushCard userId={state.user?.id ?? null} />
        </Suspense>
      }
    />
  );
}

export const profileRoute = screenRoute({ path: '/profile', screen: ProfilePage, component: ProfileRoute });
