import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

function CertificatesMahasiswaRoute() {
  return <SertifikatPage api={api} jenjang="Mahasiswa" />;
}

export const certificatesMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/certificates/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/certificates/mahasiswa'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => SertifikatPage.preload?.(),
  component: CertificatesMahasiswaRoute,
});
