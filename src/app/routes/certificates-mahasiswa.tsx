import { lazyRouteComponent } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { useArsipSearch, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

function CertificatesMahasiswaRoute() {
  const state = useSession();
  return <SertifikatPage jenjang="Mahasiswa" role={state.user?.role ?? state.userRole} {...useArsipSearch()} />;
}

export const certificatesMahasiswaRoute = screenRoute({
  path: '/certificates/mahasiswa',
  screen: SertifikatPage,
  component: CertificatesMahasiswaRoute,
  validateSearch: validateArsipSearch,
});
