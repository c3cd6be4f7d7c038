import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import type { NotifikasiRecord } from '@/db/records';
import { NOTIFIKASI_MSG, formatNotifikasiTime } from '@/domain/notifikasi';
import { markNotifikasiRead } from '@/sync/changes';
import { useOnlineStatus } from '@/ui/use-online-status';
import { PushOptIn } from './push-optin';
import './notifikasi.css';

interface NotifikasiListProps {
  userId: number | null;
  role: string | null;
  /** Called after an item was chosen (the panel closes itself). */
  onChosen?: () => void;
  /** The heading's level: the page's title, or a panel's heading. */
  heading?: 'h1' | 'h2';
}

/**
 * The user's notifications from the device mirror, newest first: unread ones marked, each
 * leading to its screen (and marked read on the way, through the outbox, so also offline), and
 * 'Tandai semua dibaca' for those shown.
 */
export function NotifikasiList({ userId, role, onChosen, heading: Heading = 'h2' }: NotifikasiListProps) {
  const rows = useLiveQuery(() => db.notifikasi.orderBy('dibuat').reverse().toArray(), []);
  const online = useOnlineStatus();
  const navigate = useNavigate();
  if (rows === undefined) return <p className="notifikasi-note">{NOTIFIKASI_MSG.loading}</p>;
  const unread = rows.filter((row) => !row.dibaca);

  async function choose(row: NotifikasiRecord) {
    if (!row.dibaca && userId !== null && role !== null) await markNotifikasiRead({ user: userId, role, id: row.id });
    onChosen?.();
    await navigate({ href: row.tautan });
  }

  async function readAll() {
    if (userId === null || role === null || unread.length === 0) return;
    // Up to the newest one shown: one that arrives meanwhile stays unread.
    await markNotifikasiRead({ user: userId, role, sampai: rows![0]!.dibuat });
  }

  return (
    <div className="notifikasi">
      <div className="notifikasi-head">
        <Heading className="notifikasi-title">{NOTIFIKASI_MSG.title}</Heading>
        <button type="button" className="btn btn-secondary btn-sm" disabled={unread.length === 0} onClick={() => void readAll()}>
          {NOTIFIKASI_MSG.markAll}
        </button>
      </div>
      <PushOptIn userId={userId} compact />
      {!online && <p className="notifikasi-note">{NOTIFIKASI_MSG.offline}</p>}
      {rows.length === 0 ? (
        <p className="notifikasi-empty">{NOTIFIKASI_MSG.empty}</p>
      ) : (
        <ul className="notifikasi-list">
          {rows.map((row) => (
            <li key={row.id}>
              <button type="button" className={`notifikasi-item${row.dibaca ? '' : ' is-unread'}`} onClick={() => void choose(row)}>
                <span className="notifikasi-item-title">
                  {!row.dibaca && <span className="notifikasi-dot" aria-label="Belum dibaca" role="img" />}
                  {row.judul}
                </span>
                <span className="notifikasi-item-text">{row.isi}</span>
                <time className="notifikasi-item-time" dateTime={row.dibuat}>
                  {formatNotifikasiTime(row.dibuat)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
