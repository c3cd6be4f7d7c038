import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function PenilaianPage() {
  return <PlaceholderPage title="Penilaian Peserta Magang" />;
}

export const penilaianRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/penilaian',
  beforeLoad: ({ context }) => guard(context, '/penilaian'),
  component: PenilaianPage,
});
