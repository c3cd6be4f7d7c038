import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function CertificatesMahasiswaPage() {
  return <PlaceholderPage title="Sertifikat Mahasiswa" />;
}

export const certificatesMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/certificates/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/certificates/mahasiswa'),
  component: CertificatesMahasiswaPage,
});
