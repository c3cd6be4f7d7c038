import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

// The screen is its own chunk, fetched on first render; meanwhile the router's pending spinner shows.
const PesertaPage = lazyRouteComponent(() => import('@/features/peserta/peserta-page'), 'PesertaPage');

export const pesertaMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/peserta/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/peserta/mahasiswa'),
  // Fetch the screen's chunk with the layout's, not after the layout has rendered (goal P6).
  loader: () => PesertaPage.preload?.(),
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: () => <PesertaPage key="Mahasiswa" api={api} jenjang="Mahasiswa" />,
});
