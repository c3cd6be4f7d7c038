import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

export const certificatesMahasiswaRoute = screenRoute({
  path: '/certificates/mahasiswa',
  screen: SertifikatPage,
  component: () => <SertifikatPage jenjang="Mahasiswa" />,
});
