import { createRoute } from '@tanstack/react-router';
import { ApprovalPage } from '@/features/approval/approval-page';
import { guard } from '../guards';
import { api } from '../services';
import { useSession } from '../session/use-session';
import { appShellRoute } from './app-shell';

function ApprovalRoute() {
  const state = useSession();
  return <ApprovalPage api={api} userId={state.user?.id ?? null} role={state.user?.role ?? state.userRole} />;
}

export const approvalRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/approval',
  beforeLoad: ({ context }) => guard(context, '/approval'),
  component: ApprovalRoute,
});
