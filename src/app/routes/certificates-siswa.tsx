import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { useSession } from '../session/use-session';
import { arsipSearchOf, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const SertifikatPage = lazyRouteComponent(() => import('@/features/certificates/sertifikat-page'), 'SertifikatPage');

const routeApi = getRouteApi('/app/certificates/siswa');

function CertificatesSiswaRoute() {
  const state = useSession();
  const { arsip } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <SertifikatPage
      jenjang="SMK"
      role={state.user?.role ?? state.userRole}
      arsip={arsip === 1}
      onArsipChange={(on) => void navigate({ to: '/certificates/siswa', search: arsipSearchOf(on), replace: true })}
    />
  );
}

export const certificatesSiswaRoute = screenRoute({
  path: '/certificates/siswa',
  screen: SertifikatPage,
  component: CertificatesSiswaRoute,
  validateSearch: validateArsipSearch,
});
