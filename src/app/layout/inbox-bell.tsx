import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import { db } from '@/db/db';
import { NOTIFIKASI_MSG } from '@/domain/notifikasi';
import { useDismiss } from '@/ui/use-dismiss';
import { NARROW_QUERY } from '@/ui/use-media-query';
import { NavIcon } from './nav-icons';

// The list and the pull load with the first look at the inbox, not with the frame.
const NotifikasiList = lazy(() => import('@/features/notifikasi/notifikasi-list').then((m) => ({ default: m.NotifikasiList })));

/** How often the inbox is pulled while the tab is visible and the browser online. */
const PULL_EVERY_MS = 60_000;

/**
 * Pulls the inbox now, then every minute while visible and when the browser comes online; after a
 * drain of the outbox the page's outbox sync pulls it (once per drain, src/sync/follow-ups.ts).
 */
function useInboxPull(active: boolean): void {
  const api = useApi();
  useEffect(() => {
    if (!active) return;
    const pull = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      void import('@/sync/pull-notifikasi').then(({ pullNotifikasi }) => pullNotifikasi(api, db)).catch(() => undefined);
    };
    pull();
    const timer = window.setInterval(pull, PULL_EVERY_MS);
    window.addEventListener('online', pull);
    document.addEventListener('visibilitychange', pull);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', pull);
      document.removeEventListener('visibilitychange', pull);
    };
  }, [api, active]);
}

/**
 * The top bar's bell: the unread count from the device mirror; a panel of the notifications on
 * a wide screen, the page /notifikasi on a phone.
 */
export function InboxBell({ userId, role }: { userId: number | null; role: string | null }) {
  const unread = useLiveQuery(() => db.notifikasi.filter((row) => !row.dibaca).count(), [], 0);
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useInboxPull(userId !== null);

  useDismiss(open, boxRef, () => setOpen(false));

  const label = NOTIFIKASI_MSG.open(unread);
  return (
    <div className="inbox" ref={boxRef}>
      <Link
        to="/notifikasi"
        className="icon-btn inbox-bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        onClick={(event) => {
          // A phone opens the page; a wider screen the panel.
          if (window.matchMedia(NARROW_QUERY).matches) return;
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
        <NavIcon name="bell" />
        {unread > 0 && (
          <span className="inbox-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Link>
      {open && (
        <div className="topbar-panel" role="region" aria-label={NOTIFIKASI_MSG.title}>
          <Suspense fallback={<p className="inbox-loading">{NOTIFIKASI_MSG.loading}</p>}>
            <NotifikasiList userId={userId} role={role} onChosen={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
