/**
 * The route tree, assembled here and only here (one route per file in ./routes), and the router
 * context every route reads its dependencies from: the session store and the API client. The
 * logged-in shell checks the token and the role for every screen below it. Each screen is its own
 * chunk (lazyRouteComponent in its route file); the login page loads eagerly, the layout with
 * the first screen. The public verification page sits beside the login page, outside the shell.
 */
import { createRouter } from '@tanstack/react-router';
import { Spinner } from '@/ui/spinner';
import { api, session } from './services';
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
import { notifikasiRoute } from './routes/notifikasi';
import { penilaianRoute } from './routes/penilaian';
import { presensiRoute } from './routes/presensi';
import { pesertaMahasiswaRoute } from './routes/peserta-mahasiswa';
import { pesertaSiswaRoute } from './routes/peserta-siswa';
import { profileRoute } from './routes/profile';
import { rekapPresensiRoute } from './routes/rekap-presensi';
import { rootRoute } from './routes/root';
import { unauthorizedRoute } from './routes/unauthorized';
import { usersRoute } from './routes/users';
import { verifikasiKodeRoute, verifikasiRoute } from './routes/verifikasi';

const routeTree = rootRoute.addChildren([
  loginRoute,
  // Public, outside the logged-in shell: the check of a certificate's code.
  verifikasiRoute,
  verifikasiKodeRoute,
  appShellRoute.addChildren([
    unauthorizedRoute,
    dashboardRoute,
    profileRoute,
    notifikasiRoute,
    approvalRoute,
    certificatesMahasiswaRoute,
    certificatesSiswaRoute,
    pesertaMahasiswaRoute,
    pesertaSiswaRoute,
    penilaianRoute,
    rekapPresensiRoute,
    presensiRoute,
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
  context: { session, api },
  defaultPreload: false,
  defaultPendingComponent: RoutePending,
  // No scroll restoration: it would write a sessionStorage key of its own beside the app's three.
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
