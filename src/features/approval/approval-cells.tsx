import type { ApprovalProgress } from '@/domain/approval-chain';
import { Badge } from '@/ui/badge';

/** Progress Approval cell: a bar with 'n/3' and the percent, or 'Rejected' once any step rejected. */
export function ProgressCell({ progress }: { progress: ApprovalProgress }) {
  if (progress.rejected) return <Badge tone="danger">Rejected</Badge>;
  return (
    <div className="approval-progress">
      <div
        className="approval-progress-track"
        role="progressbar"
        aria-label="Progress Approval"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.approved}/3 (${progress.percent}%)`}
      >
        <div
          className={`approval-progress-fill${progress.complete ? ' is-complete' : ''}`}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
      <span className="approval-progress-text">
        <strong>{`${progress.approved}/3`}</strong> <span className="muted">{`${progress.percent}%`}</span>
      </span>
    </div>
  );
}

/** A refresh icon (the kit has none). */
export function RefreshIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
    </svg>
  );
}
