import { createRoute } from '@tanstack/react-router';
import { guard } from '../guards';
import { PlaceholderPage } from '../layout/placeholder-page';
import { appShellRoute } from './app-shell';

// The screen itself comes with its feature issue; until then the route shows the spec title.
function PesertaSiswaPage() {
  return <PlaceholderPage title="Daftar Peserta Siswa" />;
}

export const pesertaSiswaRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/peserta/siswa',
  beforeLoad: ({ context }) => guard(context, '/peserta/siswa'),
  component: PesertaSiswaPage,
});
