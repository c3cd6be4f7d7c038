import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { arsipSearchOf, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

const routeApi = getRouteApi('/app/certificates/mahasiswa');

function CertificatesMahasiswaRoute() {
  const state = useSession();
  const { arsip } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <SertifikatPage
      jenjang="Mahasiswa"
      role={state.user?.role ?? state.userRole}
      arsip={arsip === 1}
      onArsipChange={(on) => void navigate({ to: '/certificates/mahasiswa', search: arsipSearchOf(on), replace: true })}
    />
  );
}

export const certificatesMahasiswaRoute = screenRoute({
  path: '/certificates/mahasiswa',
  screen: SertifikatPage,
  component: CertificatesMahasiswaRoute,
  validateSearch: validateArsipSearch,
});
