import { useId, useState } from 'react';
import { LoadFailure } from './load-failure';
import type { Refresh } from './use-refresh';
import './timeline.css';

/** One event of a timeline: who did what (title), when, the details and a note. */
export interface TimelineItem {
  key: string | number;
  title: string;
  time: string;
  lines: readonly string[];
  note: string | null;
}

interface TimelineSectionProps {
  /** The events, newest first; null while none are held yet (never loaded on this device). */
  items: readonly TimelineItem[] | null;
  /** The load of fresh events (useRefresh): running, failed, and its retry. */
  pull: Refresh;
  texts: { title: string; loading: string; empty: string; loadFailed: string; staleNote: string; note: string };
}

/**
 * A titled timeline section of a detail view, scrolling with the dialog around it: the held events
 * at once (also offline), each note behind its 'Catatan' toggle, the
 * loading text while nothing is held yet, the empty text, and a load failure (an error with a
 * retry when nothing is held, else a quiet note under the held events).
 */
export function TimelineSection({ items, pull, texts }: TimelineSectionProps) {
  const { loading, failed } = pull;
  const onRetry = () => void pull.refresh();
  const headingId = useId();
  // A note shows on demand, as the approval steps' notes do: the list stays short.
  const [openNotes, setOpenNotes] = useState<ReadonlySet<string | number>>(new Set());
  const toggleNote = (key: string | number) =>
    setOpenNotes((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const held = items ?? [];
  let body;
  if (held.length > 0) {
    body = (
      <ol className="timeline">
        {held.map((item) => (
          <li key={item.key} className="timeline-item">
            <p className="timeline-title">{item.title}</p>
            <p className="timeline-time">{item.time}</p>
            {item.lines.length > 0 && (
              <ul className="timeline-lines">
                {item.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
            {item.note && (
              <button type="button" className="link-btn" aria-expanded={openNotes.has(item.key)} onClick={() => toggleNote(item.key)}>
                {texts.note}
              </button>
            )}
            {item.note && openNotes.has(item.key) && <p className="timeline-note">“{item.note}”</p>}
          </li>
        ))}
      </ol>
    );
  } else if (items === null && loading) {
    body = <p className="muted">{texts.loading}</p>;
  } else if (items !== null || !failed) {
    body = <p className="muted">{texts.empty}</p>;
  }
  return (
    // The section can take the focus: a dialog body that scrolls must hold something the
    // keyboard reaches (the toggles appear only with a note), and Tab then scrolls it into view.
    <section className="timeline-section" aria-labelledby={headingId} tabIndex={0}>
      <h3 id={headingId} className="timeline-heading">
        {texts.title}
      </h3>
      {body}
      <LoadFailure failed={failed && !loading} hasRows={items !== null} message={texts.loadFailed} staleMessage={texts.staleNote} onRetry={onRetry} />
    </section>
  );
}
