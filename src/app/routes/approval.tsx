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
  /** A participant whose 'Detail Approval' opens at once (a notification's link). */
  peserta?: number;
}

/**
 * Keeps `status` when it is 'perlu_tindakan', `peserta` when it is a positive integer, and drops anything else. A plain function, not a
 * zod schema: route definitions load at start-up, and zod stays off the first-route JS.
 */
function validateApprovalSearch(search: Record<string, unknown>): ApprovalSearch {
  const { peserta } = search;
  return {
    ...(search.status === 'perlu_tindakan' ? { status: 'perlu_tindakan' } : {}),
    ...(typeof peserta === 'number' && Number.isSafeInteger(peserta) && peserta > 0 ? { peserta } : {}),
    ...validateArsipSearch(search),
  };
}

const routeApi = getRouteApi('/app/approval');

function ApprovalRoute() {
  const state = useSession();
  const { status, peserta } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <ApprovalPage
      userId={state.user?.id ?? null}
      role={state.user?.role ?? state.userRole}
      statusFilter={status ?? ''}
      // The quick filter 'Perlu tindakan saya' lives in the URL, so a reload or a shared link keeps it.
      onStatusFilterChange={(next) => void navigate({ to: '/approval', search: (prev) => ({ ...prev, status: next || undefined }), replace: true })}
      openPesertaId={peserta ?? null}
      // The detail is open now; drop the parameter so a reload or Back does not reopen it.
      onPesertaOpened={() => void navigate({ to: '/approval', search: (prev) => ({ ...prev, peserta: undefined }), replace: true })}
      {...useArsipSearch()}
    />
  );
}

export const approvalRoute = screenRoute({ path: '/approval', screen: ApprovalPage, component: ApprovalRoute, validateSearch: validateApprovalSearch });
