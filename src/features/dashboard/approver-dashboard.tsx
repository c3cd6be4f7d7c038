import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ApiClient } from '@/api/client';
import { APPROVAL_STEPS } from '@/domain/approval-chain';
import {
  DASHBOARD_MSG,
  activeByDivisi,
  approvalFunnel,
  certificatesReady,
  countPerluTindakan,
  daysBetween,
  endingSoon,
} from '@/domain/dashboard';
import { formatDateId } from '@/domain/dates';
import { BarChart } from '@/ui/bar-chart';
import type { ChartDatum } from '@/ui/chart-data';
import { DonutChart } from '@/ui/donut-chart';
import { DashListItem, DashboardHeader, ListPanel, DashboardLoading, Panel, StatBody, statClass } from './dashboard-cards';
import { useApproverDashboardData } from './use-dashboard-data';

interface ApproverDashboardProps {
  api: ApiClient;
  userId: number | null;
  username: string;
  /** The canonical approval step of the viewer. */
  role: 'Pembimbing' | 'HR' | 'BusHead';
  title: string;
  /** 'yyyy-mm-dd' of the device. */
  today: string;
}

/** Pembimbing, HR and BusHead: what waits on the viewer, the funnel, who is active, who ends soon (HR: certificates). */
export function ApproverDashboard({ api, userId, username, role, title, today }: ApproverDashboardProps) {
  const { mirror, loading, failed } = useApproverDashboardData(api, userId);
  const numbers = useMemo(() => {
    if (!mirror) return null;
    const funnel = approvalFunnel(mirror);
    return {
      perluTindakan: countPerluTindakan(mirror, role),
      funnel,
      active: activeByDivisi(mirror.peserta, today),
      ending: endingSoon(mirror.peserta, today),
      certificates: certificatesReady(mirror),
    };
  }, [mirror, role, today]);

  if (loading || !numbers) return <DashboardLoading title={title} username={username} role={role} />;
  const { perluTindakan, funnel, active, ending, certificates } = numbers;
  const activeTotal = active.reduce((sum, d) => sum + d.count, 0);
  const funnelData: ChartDatum[] = [
    ...APPROVAL_STEPS.map((step) => ({
      label: DASHBOARD_MSG.funnelWaiting(step),
      value: funnel.waiting[step],
      tone: step === role ? ('warning' as const) : ('neutral' as const),
    })),
    { label: DASHBOARD_MSG.funnelRejected, value: funnel.ditolak, tone: 'danger' },
    { label: DASHBOARD_MSG.funnelComplete, value: funnel.lengkap, tone: 'success' },
  ];

  return (
    <section className="page dash">
      <DashboardHeader title={title} username={username} role={role} stale={failed} />

      <div className="stat-grid">
        <Link to="/approval" search={{ status: 'perlu_tindakan' }} className={statClass('warning', true)}>
          <StatBody
            label={DASHBOARD_MSG.perluTindakan}
            value={perluTindakan}
            hint={DASHBOARD_MSG.perluTindakanHint}
            action={DASHBOARD_MSG.seeList}
          />
        </Link>
        <Link to="/approval" className={statClass('primary', true)}>
          <StatBody label={DASHBOARD_MSG.inApprovalList} value={funnel.total} hint={DASHBOARD_MSG.inApprovalListHint} action={DASHBOARD_MSG.openApproval} />
        </Link>
        <div className={statClass('info')}>
          <StatBody label={DASHBOARD_MSG.active} value={activeTotal} hint={DASHBOARD_MSG.activeHint} />
        </div>
        <div className={statClass('neutral')}>
          <StatBody label={DASHBOARD_MSG.endingSoon} value={ending.length} hint={DASHBOARD_MSG.endingSoonHint} />
        </div>
        {role === 'HR' && (
          <div className={statClass('success')}>
            <StatBody
              label={DASHBOARD_MSG.certificates}
              value={certificates.SMK + certificates.Mahasiswa}
              hint={DASHBOARD_MSG.certificatesHint}
            />
            <span className="stat-links">
              <Link to="/certificates/siswa" className="stat-chip">
                {DASHBOARD_MSG.certificatesSiswa(certificates.SMK)}
              </Link>
              <Link to="/certificates/mahasiswa" className="stat-chip">
                {DASHBOARD_MSG.certificatesMahasiswa(certificates.Mahasiswa)}
              </Link>
            </span>
          </div>
        )}
      </div>

      <div className="dash-grid">
        <Panel title={DASHBOARD_MSG.funnelTitle}>
          {funnel.total === 0 ? (
            <p className="muted">{DASHBOARD_MSG.funnelEmpty}</p>
          ) : (
            <>
              <BarChart
                title={DASHBOARD_MSG.funnelTitle}
                data={funnelData}
                headers={DASHBOARD_MSG.funnelHeaders}
                scaleMax={funnel.total}
              />
              <p className="muted dash-footnote">{DASHBOARD_MSG.funnelFootnote(funnel.total)}</p>
            </>
          )}
        </Panel>
        <Panel title={DASHBOARD_MSG.activeByDivisiTitle}>
          {activeTotal === 0 ? (
            <p className="muted">{DASHBOARD_MSG.activeEmpty}</p>
          ) : (
            <DonutChart
              title={DASHBOARD_MSG.activeByDivisiTitle}
              data={active.map((d) => ({ label: d.divisi, value: d.count }))}
              headers={DASHBOARD_MSG.activeHeaders}
              centerLabel={DASHBOARD_MSG.centerActive}
            />
          )}
        </Panel>
        <ListPanel title={DASHBOARD_MSG.endingSoonTitle} wide items={ending} empty={DASHBOARD_MSG.endingSoonEmpty}>
          {(p) => (
            <DashListItem key={p.id} name={p.nama} jenjang={p.jenjang} sub={p.divisi?.nama ?? '-'}>
              <span className="dash-list-end">
                <span>{formatDateId(p.tanggal_selesai)}</span>
                <span className="muted dash-list-sub">{DASHBOARD_MSG.daysLeft(daysBetween(today, p.tanggal_selesai))}</span>
              </span>
            </DashListItem>
          )}
        </ListPanel>
      </div>
    </section>
  );
}
