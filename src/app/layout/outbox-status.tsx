import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { db } from '@/db/db';
import type { OutboxRecord } from '@/db/records';
import { MSG } from '@/domain/messages';
import { OUTBOX_KIND_LABEL, outboxSubject } from '@/domain/outbox';
import { dismissConflict, retryConflict } from '@/sync/outbox';
import { useDismiss } from '@/ui/use-dismiss';
import { useOutboxSync } from '../sync/use-outbox-sync';
import './outbox-status.css';

/** Top-bar outbox state, in the app's own texts: '{n} perubahan tertunda', 'Sinkronkan', and a
 * panel listing pending changes and 'Perubahan ditolak' with retry and dismiss. */
export function OutboxStatusBar({ userId }: { userId: number | null }) {
  const { status, syncing, syncNow } = useOutboxSync(userId);
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const count = status.pending.length;
  const conflicts = status.conflicts.length;

  useDismiss(open, panelRef, () => setOpen(false));

  if (count === 0 && conflicts === 0) return null;
  return (
    <div className="outbox" ref={panelRef}>
      <button
        type="button"
        className={`outbox-toggle${conflicts > 0 ? ' has-conflicts' : ''}`}
        aria-expanded={open}
        aria-controls="outbox-panel"
        onClick={() => setOpen((value) => !value)}
      >
        {count > 0 && <span>{MSG.pendingChanges(count)}</span>}
        {conflicts > 0 && <span className="outbox-conflict-count">{`${conflicts} ${MSG.refusedChanges.toLowerCase()}`}</span>}
      </button>
      {count > 0 && (
        <button type="button" className="btn btn-secondary btn-sm" disabled={syncing} onClick={() => void syncNow()}>
          {MSG.syncNow}
        </button>
      )}
      {open && (
        <div id="outbox-panel" className="topbar-panel" role="region" aria-label="Perubahan tertunda">
          {status.needsLogin && <p className="outbox-note" role="alert">{MSG.replayNeedsLogin}</p>}
          {count > 0 && (
            <button
              type="button"
              className="btn btn-primary btn-sm btn-block outbox-panel-sync"
              disabled={syncing}
              onClick={() => void syncNow()}
            >
              {MSG.syncNow}
            </button>
          )}
          {count > 0 && <OutboxList title={MSG.pendingChanges(count)} entries={status.pending} />}
          {conflicts > 0 && <OutboxList title={MSG.refusedChanges} entries={status.conflicts} refused />}
        </div>
      )}
    </div>
  );
}

function OutboxList({ title, entries, refused = false }: { title: string; entries: OutboxRecord[]; refused?: boolean }) {
  const names = useLiveQuery(
    async () => new Map((await db.peserta.bulkGet(entries.map((e) => e.pesertaId))).map((p, i) => [entries[i]!.pesertaId, p?.nama])),
    [entries],
  );
  return (
    <section>
      <h2 className="outbox-heading">{title}</h2>
      {/* The list waits for the names (a moment): 'Peserta #id' is for a participant the mirror lacks. */}
      {names !== undefined && (
        <ul className="outbox-list">
          {entries.map((entry) => (
            <li key={entry.key} className="outbox-item">
              <div>
                <strong>{OUTBOX_KIND_LABEL[entry.kind]}</strong> —{' '}
                {outboxSubject(entry, (id) => names.get(id)) ?? `Peserta #${entry.pesertaId}`}
                {entry.lastError && <p className={refused ? 'outbox-error' : 'outbox-muted'}>{entry.lastError}</p>}
              </div>
              {refused && (
                <div className="outbox-actions">
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void retryConflict(db, entry.seq!)}>
                    Coba lagi
                  </button>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void dismissConflict(db, entry.seq!)}>
                    Abaikan
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
