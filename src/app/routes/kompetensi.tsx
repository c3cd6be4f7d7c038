import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function KompetensiPage() {
  return <PlaceholderPage title="Kompetensi" />;
}

export const kompetensiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/kompetensi',
  beforeLoad: ({ context }) => guard(context, '/kompetensi'),
  component: KompetensiPage,
});
