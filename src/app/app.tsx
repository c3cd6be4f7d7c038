import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { UpdatePrompt } from './pwa/update-prompt';
import { router } from './router';
import { session } from './services';
import { useSession } from './session/use-session';

/** The whole app: nothing but the update prompt until the session is known (spec: guards). */
export function App() {
  const state = useSession();

  // A session change (login elsewhere, 401, logout) re-runs the guards of the current route.
  useEffect(() => {
    if (state.status === 'ready') void router.invalidate();
  }, [state.status, state.token, state.userRole]);

  // Back online after an offline start: refresh the cached profile.
  useEffect(() => {
    const onOnline = () => {
      if (session.getState().fromCache) void session.reloadProfile();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  return (
    <>
      {state.status === 'ready' && <RouterProvider router={router} />}
      <UpdatePrompt />
    </>
  );
}
