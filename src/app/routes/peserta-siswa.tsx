import { lazyRouteComponent } from '@tanstack/react-router';
import { screenRoute } from './screen-route';

const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

export const pesertaSiswaRoute = screenRoute({
  path: '/peserta/siswa',
  screen: PesertaPage,
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: () => <PesertaPage key="SMK" jenjang="SMK" />,
});
