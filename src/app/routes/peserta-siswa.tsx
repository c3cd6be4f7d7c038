import { lazyRouteComponent } from '@tanstack/react-router';
import { useArsipSearch, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

export const pesertaSiswaRoute = screenRoute({
  path: '/peserta/siswa',
  screen: PesertaPage,
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: function PesertaSiswaRoute() {
    return <PesertaPage key="SMK" jenjang="SMK" {...useArsipSearch()} />;
  },
  validateSearch: validateArsipSearch,
});
