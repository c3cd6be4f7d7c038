import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

export const certificatesSiswaRoute = screenRoute({
  path: '/certificates/siswa',
  screen: SertifikatPage,
  component: () => <SertifikatPage jenjang="SMK" />,
});
