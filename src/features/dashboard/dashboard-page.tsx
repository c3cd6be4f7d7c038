import type { SessionUser } from '@/api/auth';
import { MSG } from '@/domain/messages';
import { dashboardFor, type DashboardKind } from '@/domain/roles';
import { Spinner } from '@/ui/spinner';
import { useDocumentTitle } from '@/ui/use-document-title';

interface DashboardPageProps {
  user: SessionUser | null;
  loading: boolean;
}

/** Heading of each role's dashboard; their content comes with later issues. */
const DASHBOARD_TITLES: Record<DashboardKind, string> = {
  mentor: 'Dashboard Mentor',
  pembimbing: 'Dashboard Pembimbing',
  hr: 'Dashboard HR',
  bushead: 'Dashboard BusHead',
};

function RoleDashboard({ kind, user }: { kind: DashboardKind; user: SessionUser }) {
  useDocumentTitle(DASHBOARD_TITLES[kind]);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{DASHBOARD_TITLES[kind]}</h1>
      </header>
      <div className="card welcome-card">
        <p className="welcome-hello">Halo, {user.username}</p>
        <p className="muted">Role: {user.role}</p>
      </div>
    </section>
  );
}

function Notice({ title, hint }: { title: string; hint: string }) {
  return (
    <section className="page">
      <div className="card notice-card" role="alert">
        <p className="notice-title">{title}</p>
        <p className="muted">{hint}</p>
      </div>
    </section>
  );
}

/** '/dashboard': picks the dashboard by role, case-insensitively (spec section 2). */
export function DashboardPage({ user, loading }: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  if (loading) return <Spinner label={MSG.dashboardLoading} />;
  if (!user) return <Notice title={MSG.noUser} hint={MSG.logoutAndLogin} />;
  const kind = dashboardFor(user.role);
  if (!kind) return <Notice title={MSG.unknownRole(user.role)} hint={MSG.contactAdmin} />;
  return <RoleDashboard kind={kind} user={user} />;
}
