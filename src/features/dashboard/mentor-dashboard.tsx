import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import { db } from '@/db/db';
import { readKnownHariKerja } from '@/db/meta';
import { pullHariKerja } from '@/sync/pull-hari-kerja';
import {
  DASHBOARD_MSG,
  belumDinilaiRows,
  mentorDashboardRows,
  mentorStatusCounts,
  outboxItems,
  rejectedWithReason,
} from '@/domain/dashboard';
import { jakartaDate } from '@/domain/dates';
import { MSG } from '@/domain/messages';
import { MENTOR_STATUSES, MENTOR_STATUS_NAMES, type MentorStatus } from '@/domain/nilai';
import { DEFAULT_HARI_KERJA } from '@/domain/presensi';
import { todayCounts, todayLineOf } from '@/domain/presensi-screen';
import { Badge } from '@/ui/badge';
import type { ChartTone } from '@/ui/chart-data';
import { DonutChart } from '@/ui/donut-chart';
import { DashListItem, DashboardHeader, ListPanel, DashboardLoading, Panel, StatBody, statClass } from './dashboard-cards';
import { useMentorDashboardData } from './use-dashboard-data';

interface MentorDashboardProps {
  api: ApiClient;
  userId: number | null;
  username: string;
  role: string;
  title: string;
}

/** The donut's colour of each mentor status (the badge palette's meaning). */
const STATUS_TONE: Record<MentorStatus, ChartTone> = {
  belum_dinilai: 'warning',
  menunggu_approval: 'neutral',
  approval_parsial: 'primary',
  approval_lengkap: 'success',
  ditolak: 'danger',
};

/** Mentor: who still needs scores (with a one-tap 'Nilai'), who was rejected and why, and the device's unsent changes. */
export function MentorDashboard({ api, userId, username, role, title }: MentorDashboardProps) {
  const [today] = useState(() => jakartaDate(new Date()));
  const { mirror, loading, failed, outbox, markedToday } = useMentorDashboardData(api, userId, today);
  // The attendance line asks nothing on a day that is not a working day: the server's working
  // days, learned once on a device that does not know them yet (a fresh login loads no profile).
  const knownHariKerja = useLiveQuery(() => readKnownHariKerja(db), []);
  useEffect(() => {
    if (knownHariKerja === null) void pullHariKerja(api, db).catch(() => undefined);
  }, [api, knownHariKerja]);
  const hariKerja = knownHariKerja ?? DEFAULT_HARI_KERJA;
  const numbers = useMemo(() => {
    if (!mirror) return null;
    const rows = mentorDashboardRows(mirror);
    const names = new Map(mirror.peserta.map((p) => [p.id, p.nama]));
    return {
      counts: mentorStatusCounts(rows),
      belum: belumDinilaiRows(rows),
      rejected: rejectedWithReason(rows, mirror.reviewsOf),
      pending: outboxItems(outbox?.pending ?? [], (id) => names.get(id)),
      refused: outboxItems(outbox?.conflicts ?? [], (id) => names.get(id)),
      presensi: todayCounts(mirror.peserta, markedToday ?? new Set(), today),
    };
  }, [mirror, outbox, markedToday, today]);

  if (loading || !numbers) return <DashboardLoading title={title} username={username} role={role} />;
  const { counts, belum, rejected, pending, refused, presensi } = numbers;

  return (
    <section className="page dash">
      <DashboardHeader title={title} username={username} role={role} stale={failed} />

      <p className="dash-presensi">
        <Link to="/presensi" className="dash-presensi-link">
          {todayLineOf(presensi, today, hariKerja)}
        </Link>
      </p>

      <div className="stat-grid">
        <Link to="/penilaian" className={statClass('warning', true)}>
          <StatBody label={DASHBOARD_MSG.belumDinilai} value={counts.belum_dinilai} hint={DASHBOARD_MSG.belumDinilaiHint} action={DASHBOARD_MSG.openPenilaian} />
        </Link>
        <div className={statClass('neutral')}>
          <StatBody
            label={DASHBOARD_MSG.inProcess}
            value={counts.menunggu_approval + counts.approval_parsial}
            hint={DASHBOARD_MSG.inProcessHint}
          />
        </div>
        <div className={statClass('success')}>
          <StatBody label={DASHBOARD_MSG.lengkap} value={counts.approval_lengkap} hint={DASHBOARD_MSG.lengkapHint} />
        </div>
        <div className={statClass('danger')}>
          <StatBody label={MENTOR_STATUS_NAMES.ditolak} value={counts.ditolak} hint={DASHBOARD_MSG.rejectedHint} />
        </div>
      </div>

      <div className="dash-grid">
        <ListPanel title={DASHBOARD_MSG.belumDinilaiTitle} items={belum} empty={DASHBOARD_MSG.belumDinilaiEmpty}>
          {({ peserta, scored, kompetensiCount }) => (
            <DashListItem
              key={peserta.id}
              name={peserta.nama}
              jenjang={peserta.jenjang}
              sub={
                <>
                  {peserta.divisi?.nama ?? '-'} · {DASHBOARD_MSG.scoredOf(scored, kompetensiCount)}
                </>
              }
            >
              <Link
                to="/penilaian"
                search={{ peserta: peserta.id }}
                className="btn btn-primary btn-sm"
                aria-label={DASHBOARD_MSG.nilaiButtonLabel(peserta.nama)}
              >
                {DASHBOARD_MSG.nilaiButton}
              </Link>
            </DashListItem>
          )}
        </ListPanel>
        <Panel title={DASHBOARD_MSG.statusTitle}>
          <DonutChart
            title={DASHBOARD_MSG.statusTitle}
            data={MENTOR_STATUSES.map((status) => ({ label: MENTOR_STATUS_NAMES[status], value: counts[status], tone: STATUS_TONE[status] }))}
            headers={DASHBOARD_MSG.statusHeaders}
            centerLabel={DASHBOARD_MSG.centerPeserta}
          />
        </Panel>
        <ListPanel title={DASHBOARD_MSG.rejectedTitle} items={rejected} empty={DASHBOARD_MSG.rejectedEmpty}>
          {({ peserta, step, catatan }) => (
            <DashListItem key={peserta.id} name={peserta.nama} sub={peserta.divisi?.nama ?? '-'} stack>
              <Badge tone="danger">{DASHBOARD_MSG.rejectedBy(step)}</Badge>
              <p className="dash-reason">{catatan ? DASHBOARD_MSG.rejectedReason(catatan) : DASHBOARD_MSG.rejectedNoReason}</p>
            </DashListItem>
          )}
        </ListPanel>
        <Panel title={DASHBOARD_MSG.outboxTitle}>
          {pending.length === 0 && refused.length === 0 && <p className="muted">{DASHBOARD_MSG.outboxEmpty}</p>}
          {pending.length > 0 && (
            <div className="dash-outbox">
              <h3>{MSG.pendingChanges(pending.length)}</h3>
              <ul className="dash-list">
                {pending.map((item) => (
                  <DashListItem key={item.key} name={item.nama} sub={item.action}>
                    <Badge tone="neutral">{MSG.savedOffline}</Badge>
                  </DashListItem>
                ))}
              </ul>
            </div>
          )}
          {refused.length > 0 && (
            <div className="dash-outbox">
              <h3 className="dash-refused-title">{MSG.refusedChanges}</h3>
              <ul className="dash-list">
                {refused.map((item) => (
                  <DashListItem key={item.key} name={item.nama} sub={item.action} stack>
                    {item.error && <p className="dash-reason">{item.error}</p>}
                  </DashListItem>
                ))}
              </ul>
              <p className="muted dash-footnote">{DASHBOARD_MSG.outboxRefusedHint}</p>
            </div>
          )}
        </Panel>
      </div>
    </section>
  );
}
