import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function ApprovalPage() {
  return <PlaceholderPage title="Approval Management" />;
}

export const approvalRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/approval',
  beforeLoad: ({ context }) => guard(context, '/approval'),
  component: ApprovalPage,
});
