import { useMemo } from 'react';
import { useApi } from '@/api/api-context';
import type { SessionUser } from '@/api/auth';
import { DASHBOARD_MSG, isoDateOf } from '@/domain/dashboard';
import { MSG } from '@/domain/messages';
import { dashboardFor } from '@/domain/roles';
import { Spinner } from '@/ui/spinner';
import { useDocumentTitle } from '@/ui/use-document-title';
import { ApproverDashboard } from './approver-dashboard';
import { MentorDashboard } from './mentor-dashboard';

interface DashboardPageProps {
  user: SessionUser | null;
  loading: boolean;
}

/** The approval step each approver dashboard counts for. */
const APPROVER_ROLE = { pembimbing: 'Pembimbing', hr: 'HR', bushead: 'BusHead' } as const;

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

/** '/dashboard': picks the dashboard by role, case-insensitively. */
export function DashboardPage({ user, loading }: DashboardPageProps) {
  const api = useApi();
  const kind = dashboardFor(user?.role);
  useDocumentTitle(kind ? DASHBOARD_MSG.titles[kind] : 'Dashboard');
  // The device's calendar day, fixed for the life of the page.
  const today = useMemo(() => isoDateOf(new Date()), []);
  if (loading) return <Spinner label={MSG.dashboardLoading} />;
  if (!user) return <Notice title={MSG.noUser} hint={MSG.logoutAndLogin} />;
  if (!kind) return <Notice title={MSG.unknownRole(user.role)} hint={MSG.contactAdmin} />;
  const title = DASHBOARD_MSG.titles[kind];
  if (kind === 'mentor') {
    return <MentorDashboard api={api} userId={user.id} username={user.username} role={user.role} title={title} />;
  }
  return (
    <ApproverDashboard
      api={api}
      userId={user.id}
      username={user.username}
      role={APPROVER_ROLE[kind]}
      title={title}
      today={today}
    />
  );
}
