import { createRoute } from '@tanstack/react-router';
import { InstansiPage } from '@/features/instansi/instansi-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const instansiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/instansi',
  beforeLoad: ({ context }) => guard(context, '/instansi'),
  component: () => <InstansiPage api={api} />,
});
