import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { arsipSearchOf, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

const routeApi = getRouteApi('/app/peserta/mahasiswa');

function PesertaMahasiswaRoute() {
  const { arsip } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <PesertaPage
      // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
      key="Mahasiswa"
      jenjang="Mahasiswa"
      arsip={arsip === 1}
      onArsipChange={(on) => void navigate({ to: '/peserta/mahasiswa', search: arsipSearchOf(on), replace: true })}
    />
  );
}

export const pesertaMahasiswaRoute = screenRoute({
  path: '/peserta/mahasiswa',
  screen: PesertaPage,
  component: PesertaMahasiswaRoute,
  validateSearch: validateArsipSearch,
});
