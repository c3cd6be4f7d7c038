/**
 * The route tree of spec section 2, assembled here and only here (one route per file in
 * ./routes). Guards read the session from the router context. Each feature screen is its own
 * chunk (lazyRouteComponent in its route file); the login page and the layout load eagerly.
 */
import { createRouter } from '@tanstack/react-router';
import { Spinner } from '@/ui/spinner';
import { session } from './services';
import { appShellRoute } from './routes/app-shell';
import { approvalRoute } from './routes/approval';
import { catchAllRoute } from './routes/catch-all';
import { certificatesMahasiswaRoute } from './routes/certificates-mahasiswa';
import { certificatesSiswaRoute } from './routes/certificates-siswa';
import { dashboardRoute } from './routes/dashboard';
import { divisiRoute } from './routes/divisi';
import { gradeRoute } from './routes/grade';
import { instansiRoute } from './routes/instansi';
import { kompetensiRoute } from './routes/kompetensi';
import { loginRoute } from './routes/login';
import { penilaianRoute } from './routes/penilaian';
import { pesertaMahasiswaRoute } from './routes/peserta-mahasiswa';
import { pesertaSiswaRoute } from './routes/peserta-siswa';
import { profileRoute } from './routes/profile';
import { rootRoute } from './routes/root';
import { unauthorizedRoute } from './routes/unauthorized';
import { usersRoute } from './routes/users';

export const routeTree = rootRoute.addChildren([
  loginRoute,
  appShellRoute.addChildren([
    unauthorizedRoute,
    dashboardRoute,
    profileRoute,
    approvalRoute,
    certificatesMahasiswaRoute,
    certificatesSiswaRoute,
    pesertaMahasiswaRoute,
    pesertaSiswaRoute,
    penilaianRoute,
    usersRoute,
    kompetensiRoute,
    divisiRoute,
    instansiRoute,
    gradeRoute,
  ]),
  catchAllRoute,
]);

/** Shown in the content area while a screen's chunk loads (each route match's Suspense fallback). */
function RoutePending() {
  return (
    <section className="page">
      <Spinner label="Memuat halaman..." />
    </section>
  );
}

export const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: false,
  defaultPendingComponent: RoutePending,
  // No scroll restoration: it would write its own sessionStorage key beside the spec's three.
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
