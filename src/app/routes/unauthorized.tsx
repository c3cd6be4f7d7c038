import { createRoute } from '@tanstack/react-router';
import { MSG } from '@/domain/messages';
import { useDocumentTitle } from '@/ui/use-document-title';
import { rootRoute } from './root';

function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  return (
    <main className="plain-page">
      <p>{MSG.unauthorizedPage}</p>
    </main>
  );
}

export const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unauthorized',
  component: UnauthorizedPage,
});
