import { createRoute, lazyRouteComponent, useNavigate } from '@tanstack/react-router';
import { rootRoute } from './root';

// Its own chunk, outside the logged-in shell: anyone may open it, with or without a session, and
// it loads none of the logged-in screens (nor the layout, the device database or the outbox).
const VerifikasiPage = lazyRouteComponent(() => import('@/features/verifikasi/verifikasi-page'), 'VerifikasiPage');

/** Opens the page of a typed code. */
function useOpenKode() {
  const navigate = useNavigate();
  return (kode: string) => void navigate({ to: '/verifikasi/$kode', params: { kode } });
}

function VerifikasiFormRoute() {
  return <VerifikasiPage kode={null} onCheck={useOpenKode()} />;
}

function VerifikasiKodeRoute() {
  const { kode } = verifikasiKodeRoute.useParams();
  return <VerifikasiPage kode={kode} onCheck={useOpenKode()} />;
}

/** '/verifikasi': public, a field to type a certificate's code. */
export const verifikasiRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verifikasi',
  loader: () => VerifikasiPage.preload?.(),
  component: VerifikasiFormRoute,
});

/** '/verifikasi/{kode}': public, what the QR code of a certificate opens. */
export const verifikasiKodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verifikasi/$kode',
  loader: () => VerifikasiPage.preload?.(),
  component: VerifikasiKodeRoute,
});
