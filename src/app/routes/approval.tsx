import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { type ArsipSearch, useArsipSearch, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const ApprovalPage = lazyRouteComponent(() => import('@/features/approval/approval-page'), 'ApprovalPage');

/**
 * Search of '/approval': `?status=perlu_tindakan` opens the list filtered to the rows awaiting the
 * viewer; `?arsip=1` shows the archive.
 */
interface ApprovalSearch extends ArsipSearch {
  status?: 'perlu_tindakan';
}

/**
 * Keeps `status` when it is 'perlu_tindakan' and drops anything else. A plain function, not a
 * zod schema: route definitions load at start-up, and zod stays off the first-route JS.
 */
function validateApprovalSearch(search: Record<string, unknown>): ApprovalSearch {
  return { ...(search.status === 'perlu_tindakan' ? { status: 'perlu_tindakan' } : {}), ...validateArsipSearch(search) };
}

const routeApi = getRouteApi('/app/approval');

function ApprovalRoute() {
  const state = useSession();
  const { status } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <ApprovalPage
      userId={state.user?.id ?? null}
      role={state.user?.role ?? state.userRole}
      statusFilter={status ?? ''}
      // The quick filter 'Perlu tindakan saya' lives in the URL, so a reload or a shared link keeps it.
      onStatusFilterChange={(next) => void navigate({ to: '/approval', search: (prev) => ({ ...prev, status: next || undefined }), replace: true })}
      {...useArsipSearch()}
    />
  );
}

export const approvalRoute = screenRoute({ path: '/approval', screen: ApprovalPage, component: ApprovalRoute, validateSearch: validateApprovalSearch });
