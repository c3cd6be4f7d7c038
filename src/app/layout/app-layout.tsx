import { Outlet, useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import { normalizeRole } from '@/domain/role-access';
import { trapTab } from '@/ui/modal';
import { NARROW_QUERY } from '@/ui/use-media-query';
import { useSession } from '../session/use-session';
import { NeedsLoginBanner, useLogoutWithWarning } from './session-prompts';
import { Sidebar } from './sidebar';
import { StorageFullBanner } from './storage-full-banner';
import { TopBar } from './top-bar';
import './layout.css';

/** Removes this device's push subscription on the server, given up after 3 s (a logout offline still logs out). */
async function forgetPushSubscription(api: ReturnType<typeof useApi>, userId: number | null): Promise<void> {
  if (userId === null) return;
  const forgetting = import('@/features/notifikasi/push-subscription').then(({ forgetPush }) => forgetPush(api, userId));
  await Promise.race([forgetting.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Layout of every logged-in screen: sidebar (drawer under 768 px), top bar, content. */
export function AppLayout() {
  const state = useSession();
  const session = useRouteContext({ from: '__root__', select: (context) => context.session });
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Bumped after the mirror was freed: the screen mounts again and pulls its data anew.
  const [mirrorGeneration, setMirrorGeneration] = useState(0);
  const drawerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const role = normalizeRole(state.user?.role ?? state.userRole);
  const api = useApi();

  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // Navigation closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname]);

  // Open drawer: focus moves into it, Tab stays inside (the backdrop covers the page), Esc
  // closes it, the page behind does not scroll.
  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer(true);
      else if (event.key === 'Tab' && drawerRef.current && window.matchMedia(NARROW_QUERY).matches) {
        trapTab(event, drawerRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('no-scroll');
    };
  }, [drawerOpen, closeDrawer]);

  async function logout() {
    // While the token still works: this device stops receiving the user's pushes.
    await forgetPushSubscription(api, state.user?.id ?? null);
    await session.logout();
    await navigate({ to: '/', replace: true });
  }
  const userId = state.user?.id ?? null;
  const userRole = state.user?.role ?? null;
  // Browser-test hooks: only a test build has them; in the product build the constant is false
  // and this effect, with the module it would load, is left out of the output.
  useEffect(() => {
    if (!__MAGANG_TEST_HOOKS__ || userId === null || userRole === null) return;
    void import('../sync/test-hooks').then((hooks) => hooks.maybeInstallTestHooks({ id: userId, role: userRole }));
  }, [userId, userRole]);
  const logoutFlow = useLogoutWithWarning(userId, logout);
  // At each start, for a user who opted in on this device: the server gets its subscription again.
  useEffect(() => {
    if (userId === null) return;
    void import('@/features/notifikasi/push-subscription').then(({ resyncPush }) => resyncPush(api, userId)).catch(() => undefined);
  }, [api, userId]);

  async function loginAgain() {
    await session.expire();
    await navigate({ to: '/', replace: true });
  }

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Langsung ke konten
      </a>
      <Sidebar
        ref={drawerRef}
        role={role}
        open={drawerOpen}
        onClose={() => closeDrawer(true)}
        onNavigate={() => setDrawerOpen(false)}
      />
      {drawerOpen && <div className="backdrop" aria-hidden="true" onClick={() => closeDrawer(true)} />}
      <div className="shell-main">
        <TopBar
          ref={toggleRef}
          userId={userId}
          username={state.user?.username ?? state.username ?? ''}
          role={state.user?.role ?? state.userRole}
          drawerOpen={drawerOpen}
          onOpenMenu={() => setDrawerOpen(true)}
          onLogout={() => void logoutFlow.request()}
        />
        <main id="main-content" className="content" tabIndex={-1}>
          <NeedsLoginBanner userId={userId} onLoginAgain={() => void loginAgain()} />
          <StorageFullBanner onFreed={() => setMirrorGeneration((n) => n + 1)} />
          <Fragment key={mirrorGeneration}>
            <Outlet />
          </Fragment>
        </main>
        {logoutFlow.dialog}
      </div>
    </div>
  );
}
