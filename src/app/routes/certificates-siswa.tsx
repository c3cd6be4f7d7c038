import { createRoute } from '@tanstack/react-router';
import { SertifikatPage } from '@/features/certificates/sertifikat-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

function CertificatesSiswaRoute() {
  return <SertifikatPage api={api} jenjang="SMK" />;
}

export const certificatesSiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/certificates/siswa',
  beforeLoad: ({ context }) => guard(context, '/certificates/siswa'),
  component: CertificatesSiswaRoute,
});
