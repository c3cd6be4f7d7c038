import { createRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { requestPersistentStorage } from '@/features/profile/storage-persistence';
import { guardLogin } from '../guards';
import { takeLoginHandoff } from '../login-shell';
import { rootRoute } from './root';

function LoginRoute() {
  const navigate = useNavigate();
  const session = useRouteContext({ from: '__root__', select: (context) => context.session });
  return (
    <LoginPage
      takeHandoff={takeLoginHandoff}
      onLoggedIn={async ({ token, user }) => {
        await session.login(token, user);
        // The mirror and unsent changes live in IndexedDB: ask the browser to keep them.
        void requestPersistentStorage();
        await navigate({ to: '/dashboard', replace: true });
      }}
    />
  );
}

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: ({ context }) => guardLogin(context),
  component: LoginRoute,
});
