import { createRoute } from '@tanstack/react-router';
import { DivisiPage } from '@/features/divisi/divisi-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const divisiRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/divisi',
  beforeLoad: ({ context }) => guard(context, '/divisi'),
  component: () => <DivisiPage api={api} />,
});
