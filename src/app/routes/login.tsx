import { createRoute, useNavigate } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { guardLogin } from '../guards';
import { api, session } from '../services';
import { rootRoute } from './root';

function LoginRoute() {
  const navigate = useNavigate();
  return (
    <LoginPage
      api={api}
      onLoggedIn={async ({ token, user }) => {
        await session.login(token, user);
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
