import { lazyRouteComponent } from '@tanstack/react-router';
import { useArsipSearch, validateArsipSearch } from './arsip-search';
import { screenRoute } from './screen-route';

const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

export const pesertaMahasiswaRoute = screenRoute({
  path: '/peserta/mahasiswa',
  screen: PesertaPage,
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: function PesertaMahasiswaRoute() {
    return <PesertaPage key="Mahasiswa" jenjang="Mahasiswa" {...useArsipSearch()} />;
  },
  validateSearch: validateArsipSearch,
});
