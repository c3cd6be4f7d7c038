import { RouterProvider } from '@tanstack/react-router';
import { startTransition, useEffect, useRef, useState } from 'react';
import { UpdatePrompt } from './pwa/update-prompt';
import { router } from './router';
import { session } from './services';
import { useSession } from './session/use-session';

/**
 * index.html's placeholder (same markup): the logged-in frame with 'Memuat...' in its content
 * area; no route renders before the session is known.
 */
function BootPlaceholder() {
  return (
    <div className="boot" role="status">
      <div className="boot-sidebar" aria-hidden="true">
        <span className="boot-brand">
          <img src="/icons/icon-192.png" alt="" width="32" height="32" />
          Magang
        </span>
      </div>
      <div className="boot-topbar" aria-hidden="true">
        <span className="boot-brand">Magang</span>
      </div>
      <div className="boot-content">
        <span className="spinner" aria-hidden="true" />
        <span>Memuat...</span>
      </div>
    </div>
  );
}

/** The whole app: a placeholder and the update prompt until the session is known (spec: guards). */
export function App() {
  const state = useSession();
  // The session store is an external store: its change to 'ready' re-renders synchronously, and
  // mounting the layout and the first screen in one go was one ~300 ms task (Lighthouse's total
  // blocking time, P6 in docs/performance.md). Switching to the router in a transition renders it
  // in 5 ms slices; the placeholder stays until it commits. Leaving 'ready' still shows the
  // placeholder at once.
  const ready = state.status === 'ready';
  const [routerShown, setRouterShown] = useState(ready);
  useEffect(() => {
    if (ready && !routerShown) startTransition(() => setRouterShown(true));
    else if (!ready && routerShown) setRouterShown(false);
  }, [ready, routerShown]);

  // A session change (login elsewhere, 401, logout) re-runs the guards of the current route.
  useEffect(() => {
    if (state.status === 'ready') void router.invalidate();
  }, [state.status, state.token, state.userRole]);

  // A stored session: while its profile loads (nothing renders yet), fetch the chunks of the screen
  // being opened (layout, screen), so they are there when the router renders (P6,
  // docs/performance.md).
  const preloaded = useRef(false);
  useEffect(() => {
    if (preloaded.current || state.status !== 'loading' || !state.token) return;
    preloaded.current = true;
    const { pathname, search, hash } = window.location;
    // `href` (a location as the address bar has it) is what buildLocation reads first; the
    // typed options want a literal `to`, which a URL read at run time cannot be.
    const location = { href: pathname + search + hash } as unknown as Parameters<typeof router.preloadRoute>[0];
    void router.preloadRoute(location).catch(() => undefined);
  }, [state.status, state.token]);

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
      {ready && routerShown ? <RouterProvider router={router} /> : <BootPlaceholder />}
      <UpdatePrompt />
    </>
  );
}
