import { createRoute } from '@tanstack/react-router';
import { GradePage } from '@/features/grade/grade-page';
import { guard } from '../guards';
import { api } from '../services';
import { appShellRoute } from './app-shell';

export const gradeRoute = createRoute({
  getParentRoute: () => appShellRoute,
  path: '/grade',
  beforeLoad: ({ context }) => guard(context, '/grade'),
  component: () => <GradePage api={api} />,
});
