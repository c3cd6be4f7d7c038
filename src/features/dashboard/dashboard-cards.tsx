import type { ReactNode } from 'react';
import { DASHBOARD_MSG } from '@/domain/dashboard';
import { MSG } from '@/domain/messages';
import { Spinner } from '@/ui/spinner';
import './dashboard.css';

/** Tones of the stat cards (the accent stripe and the number's colour). */
type StatTone = 'warning' | 'primary' | 'info' | 'success' | 'danger' | 'neutral';

/** The title, the greeting with the role, and the stale-copy note under it. */
export function DashboardHeader({ title, username, role, stale }: { title: string; username: string; role: string; stale: boolean }) {
  return (
    <header className="dash-header">
      <h1>{title}</h1>
      <p className="muted">
        {DASHBOARD_MSG.greeting(username)} · {DASHBOARD_MSG.roleLine(role)}
      </p>
      {stale && <p className="stale-note muted">{MSG.staleMirror}</p>}
    </header>
  );
}

/** The inside of a stat card: label, big number, hint; the caller picks the wrapper (Link or div). */
export function StatBody({ label, value, hint, action }: { label: string; value: number; hint: string; action?: string }) {
  return (
    <>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      <span className="stat-hint">{hint}</span>
      {action && (
        <span className="stat-action" aria-hidden="true">
          {action} →
        </span>
      )}
    </>
  );
}

/** A stat card's classes for its tone, optionally clickable. */
export function statClass(tone: StatTone, link = false): string {
  return `stat-card stat-${tone}${link ? ' stat-card-link' : ''}`;
}

/** A titled card of the dashboard grid. */
export function Panel({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`card dash-panel${wide ? ' dash-panel-wide' : ''}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** The dashboard while its first numbers load ('Memuat dashboard...'). */
export function DashboardLoading({ title, username, role }: { title: string; username: string; role: string }) {
  return (
    <section className="page dash">
      <DashboardHeader title={title} username={username} role={role} stale={false} />
      <div className="card dash-loading">
        <Spinner label={MSG.dashboardLoading} />
      </div>
    </section>
  );
}
