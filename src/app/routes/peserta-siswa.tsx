import { createRoute } from '@tanstack/react-router';
import { PesertaPage } from '@/features/peserta/peserta-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const pesertaSiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/peserta/siswa',
  beforeLoad: ({ context }) => guard(context, '/peserta/siswa'),
  // key: the two lists are one screen; a new level starts fresh (search, filters, modals).
  component: () => <PesertaPage key="SMK" api={api} jenjang="SMK" />,
});
