import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function PesertaMahasiswaPage() {
  return <PlaceholderPage title="Daftar Peserta Mahasiswa" />;
}

export const pesertaMahasiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/peserta/mahasiswa',
  beforeLoad: ({ context }) => guard(context, '/peserta/mahasiswa'),
  component: PesertaMahasiswaPage,
});
