import { ProgressBar } from './progress-bar';
import './mirror-progress.css';

/** 'Memuat data… 1200 dari 10000 peserta' ('Memuat data…' while the total is unknown). */
function mirrorProgressText(loaded: number, total: number): string {
  return total === 0 ? 'Memuat data…' : `Memuat data… ${loaded} dari ${total} peserta`;
}

/**
 * The progress of a first pull that fills the mirror page by page; the rows already written
 * show below it, so a large list is usable before it is complete.
 */
export function MirrorProgress({ loaded, total }: { loaded: number; total: number }) {
  return (
    <div className="mirror-progress" role="status">
      <p>{mirrorProgressText(loaded, total)}</p>
      <ProgressBar value={total > 0 ? (loaded / total) * 100 : 0} label="Progres memuat peserta" />
    </div>
  );
}
