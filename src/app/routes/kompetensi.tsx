import { createRoute } from '@tanstack/react-router';
import { KompetensiPage } from '@/features/kompetensi/kompetensi-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const kompetensiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/kompetensi',
  beforeLoad: ({ context }) => guard(context, '/kompetensi'),
  component: () => <KompetensiPage api={api} />,
});
