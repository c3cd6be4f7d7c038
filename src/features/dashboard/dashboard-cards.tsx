import type { ReactNode } from 'react';
import { DASHBOARD_MSG } from '@/domain/dashboard';
import { MSG } from '@/domain/messages';
import { Badge } from '@/ui/badge';
import { jenjangTone } from '@/ui/badge-palette';
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
      <p className="dash-scope muted">{DASHBOARD_MSG.workingSetScope(role !== 'Mentor')}</p>
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

interface DashListItemProps {
  name: string;
  /** The level: shown as a badge after the name. */
  jenjang?: string;
  /** The muted line under the name. */
  sub: ReactNode;
  /** Stacks the row's end under the name (a reason text) instead of beside it. */
  stack?: boolean;
  /** The row's end: a date, a button, a badge, a reason. */
  children?: ReactNode;
}

/** One participant row of a dashboard list (`.dash-list`); the caller gives its `key`. */
export function DashListItem({ name, jenjang, sub, stack = false, children }: DashListItemProps) {
  const nameEl = <span className="dash-list-name">{name}</span>;
  return (
    <li className={`dash-list-item${stack ? ' dash-list-item-stack' : ''}`}>
      <span className="dash-list-main">
        {jenjang === undefined ? (
          nameEl
        ) : (
          <span className="dash-list-title">
            {nameEl}
            <Badge tone={jenjangTone(jenjang)}>{jenjang}</Badge>
          </span>
        )}
        <span className="muted dash-list-sub">{sub}</span>
      </span>
      {children}
    </li>
  );
}

interface ListPanelProps<T> {
  title: string;
  wide?: boolean;
  items: readonly T[];
  /** The muted text shown instead of an empty list. */
  empty: string;
  /** One item's row (a DashListItem with its key). */
  children: (item: T) => ReactNode;
}

/** A Panel listing `items` as a `.dash-list`, or its `empty` text when there are none. */
export function ListPanel<T>({ title, wide = false, items, empty, children: row }: ListPanelProps<T>) {
  return (
    <Panel title={title} wide={wide}>
      {items.length === 0 ? <p className="muted">{empty}</p> : <ul className="dash-list">{items.map(row)}</ul>}
    </Panel>
  );
}
