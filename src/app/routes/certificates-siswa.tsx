import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { useArsipSearch, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

function CertificatesSiswaRoute() {
  const state = useSession();
  return <SertifikatPage jenjang="SMK" role={state.user?.role ?? state.userRole} {...useArsipSearch()} />;
}

export const certificatesSiswaRoute = screenRoute({
  path: '/certificates/siswa',
  screen: SertifikatPage,
  component: CertificatesSiswaRoute,
  validateSearch: validateArsipSearch,
});
