import { getRouteApi, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { arsipSearchOf, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

const routeApi = getRouteApi('/app/peserta/siswa');

function PesertaSiswaRoute() {
  const { arsip } = routeApi.useSearch();
  const navigate = useNavigate();
  return (
    <PesertaPage
      // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
      key="SMK"
      jenjang="SMK"
      arsip={arsip === 1}
      onArsipChange={(on) => void navigate({ to: '/peserta/siswa', search: arsipSearchOf(on), replace: true })}
    />
  );
}

export const pesertaSiswaRoute = screenRoute({
  path: '/peserta/siswa',
  screen: PesertaPage,
  component: PesertaSiswaRoute,
  validateSearch: validateArsipSearch,
});
