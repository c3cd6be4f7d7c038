import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function CertificatesSiswaPage() {
  return <PlaceholderPage title="Sertifikat Siswa" />;
}

export const certificatesSiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/certificates/siswa',
  beforeLoad: ({ context }) => guard(context, '/certificates/siswa'),
  component: CertificatesSiswaPage,
});
