import type { ReactNode } from 'react';
import { useId } from 'react';
import { LoadFailure } from './load-failure';
import type { Refresh } from './use-refresh';
import './presensi-calendar.css';

interface PresensiSectionProps {
  /** The summary lines (the Kehadiran line, the counts per status); null while nothing is held yet. */
  lines: readonly string[] | null;
  /** The load of fresh marks (useRefresh): running, failed, and its retry. */
  pull: Refresh;
  texts: { title: string; loading: string; loadFailed: string; staleNote: string };
  /** What shows under the lines once they are held (Detail Approval: the month calendar). */
  children?: ReactNode;
}

/**
 * A titled attendance section of a detail view: the summary lines from the device at once (also
 * offline), then `children`; the loading text while nothing is held yet, and a load failure (an
 * error with a retry when nothing is held, else a quiet note under what is shown).
 */
export function PresensiSection({ lines, pull, texts, children }: PresensiSectionProps) {
  const headingId = useId();
  const { loading, failed } = pull;
  return (
    <section className="presensi-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="presensi-heading">
        {texts.title}
      </h3>
      {lines === null ? (
        loading && <p className="muted">{texts.loading}</p>
      ) : (
        <>
          {lines.map((line, index) => (
            <p key={index} className={index === 0 ? 'presensi-line presensi-line-main' : 'presensi-line muted'}>
              {line}
            </p>
          ))}
          {children}
        </>
      )}
      <LoadFailure failed={failed && !loading} hasRows={lines !== null} message={texts.loadFailed} staleMessage={texts.staleNote} onRetry={() => void pull.refresh()} />
    </section>
  );
}
