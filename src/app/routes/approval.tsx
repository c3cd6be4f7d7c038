import { createRoute, getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const ApprovalPage = lazyRouteComponent(() => import('@/features/approval/approval-page'), 'ApprovalPage');

/** `?status=perlu_tindakan` opens the list filtered to the rows awaiting the viewer; anything else is dropped. */
export const approvalSearchSchema = z.object({
  status: z.enum(['perlu_tindakan']).optional().catch(undefined),
});

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
  validateSearch: (search: Record<string, unknown>) => approvalSearchSchema.parse(search),
  beforeLoad: ({ context }) => guard(context, '/approval'),
  component: ApprovalRoute,
});
