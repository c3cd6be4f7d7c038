import { cakupanRendah } from '@/domain/kehadiran';
import type { RekapRow } from '@/domain/presensi';
import { REKAP_MSG, formatCakupan, formatPersenHadir, rekapCardSummary } from '@/domain/rekap-presensi';
import { Badge } from '@/ui/badge';
import { Icon } from '@/ui/icons';

type Counts = Pick<RekapRow, 'hadir' | 'izin' | 'sakit' | 'alpa' | 'tercatat' | 'hari_kerja'>;

/** The table's 'Tercatat / Hari Kerja' cell: '5 / 23 (21,7 %)', with 'Cakupan rendah' when the coverage is low. */
export function CakupanCell({ counts }: { counts: Counts }) {
  const low = cakupanRendah(counts.tercatat, counts.hari_kerja);
  return (
    <span className="rekap-cakupan">
      <span className="nowrap">{formatCakupan(counts.tercatat, counts.hari_kerja)}</span>
      {low && (
        <Badge tone="warning" className="rekap-cakupan-flag">
          <Icon name="alert" size={14} />
          {REKAP_MSG.cakupanRendah}
        </Badge>
      )}
    </span>
  );
}

/** A phone card's '% Hadir' beside the name: a badge, amber when the coverage is low. */
export function PersenBadge({ counts, persen }: { counts: Counts; persen: number | null }) {
  return <Badge tone={cakupanRendah(counts.tercatat, counts.hari_kerja) ? 'warning' : 'success'}>{formatPersenHadir(persen)}</Badge>;
}

/**
 * A phone card's title: the name, then division and level, then the coverage and the counts per
 * status ('Tercatat 5/23 · H 4 · I 1 · S 0 · A 0'; screen readers hear the statuses' words).
 * Three lines in all (the totals' card has no division line); a low coverage is amber (the
 * badge and the 'Tercatat' part) and screen readers hear the flag's words.
 */
export function RekapCardTitle({ nama, row }: { nama: string; row: Counts & Partial<Pick<RekapRow, 'divisi' | 'jenjang'>> }) {
  const summary = rekapCardSummary({ divisi: '', jenjang: 'SMK', ...row });
  const low = cakupanRendah(row.tercatat, row.hari_kerja);
  return (
    <span className="rekap-card">
      <span className="rekap-card-nama">{nama}</span>
      {row.divisi !== undefined && <span className="rekap-card-line muted">{summary.where}</span>}
      <span className="rekap-card-line">
        <span className={`rekap-card-part${low ? ' rekap-card-low' : ''}`}>
          {summary.tercatat}
          {low && <span className="sr-only">{`, ${REKAP_MSG.cakupanRendah}`}</span>}
        </span>
        {summary.statuses.map(({ initial, status, count }) => (
          <span key={status} className="rekap-card-part">
            {' · '}
            <span aria-hidden="true">{initial}</span>
            <span className="sr-only">{status}</span> {count}
          </span>
        ))}
      </span>
    </span>
  );
}
