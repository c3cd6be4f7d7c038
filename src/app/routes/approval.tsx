import { createRoute, getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const ApprovalPage = lazyRouteComponent(() => import('@/features/approval/approval-page'), 'ApprovalPage');

/** Search of '/approval': `?status=perlu_tindakan` opens the list filtered to the rows awaiting the viewer. */
export interface ApprovalSearch {
  status?: 'perlu_tindakan';
}

/**
 * Keeps `status` when it is 'perlu_tindakan' and drops anything else. A plain function, not a
 * zod schema: route definitions load at start-up, and zod stays off that path (goal P6).
 */
export function validateApprovalSearch(search: Record<string, unknown>): ApprovalSearch {
  return search.status === 'perlu_tindakan' ? { status: 'perlu_tindakan' } : {};
}

const routeApi = getRouteApi('/app/approval');

function ApprovalRoute() {
  const state = useSession();
  const { status } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <ApprovalPage
      api={api}
      userId={state.user?.id ?? null}
      role={state.user?.role ?? state.userRole}
      statusFilter={status ?? ''}
      // The quick filter 'Perlu tindakan saya' lives in the URL, so a reload or a shared link keeps it.
      onStatusFilterChange={(next) => void navigate({ to: '/approval', search: next ? { status: next } : {}, replace: true })}
    />
  );
}

export const approvalRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/approval',
  validateSearch: validateApprovalSearch,
  beforeLoad: ({ context }) => guard(context, '/approval'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => ApprovalPage.preload?.(),
  component: ApprovalRoute,
});
