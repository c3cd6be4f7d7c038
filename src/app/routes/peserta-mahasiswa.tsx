import { createRoute } from '@tanstack/react-router';
import { PesertaPage } from '@/features/peserta/peserta-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const pesertaMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/peserta/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/peserta/mahasiswa'),
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: () => <PesertaPage key="Mahasiswa" api={api} jenjang="Mahasiswa" />,
});
