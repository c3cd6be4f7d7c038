import { createRoute } from '@tanstack/react-router';
import { SertifikatPage } from '@/features/certificates/sertifikat-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

function CertificatesMahasiswaRoute() {
  return <SertifikatPage api={api} jenjang="Mahasiswa" />;
}

export const certificatesMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/certificates/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/certificates/mahasiswa'),
  component: CertificatesMahasiswaRoute,
});
