import { forwardRef } from 'react';
import { MSG } from '@/domain/messages';
import { NavIcon } from './nav-icons';
import { InboxBell } from './inbox-bell';
import { OutboxStatusBar } from './outbox-status';
import { useOnlineStatus } from '@/ui/use-online-status';
import { UserMenu } from './user-menu';
import './top-bar.css';

interface TopBarProps {
  userId: number | null;
  username: string;
  role: string | null;
  drawerOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
}

/**
 * Top bar: drawer toggle (under 768 px), connection state, queued changes, notifications, user
 * menu. Under 768 px the connection state and the queue take a second row, so the bar never
 * grows wider than the screen and the username keeps its room.
 */
export const TopBar = forwardRef<HTMLButtonElement, TopBarProps>(function TopBar(
  { userId, username, role, drawerOpen, onOpenMenu, onLogout },
  toggleRef,
) {
  const online = useOnlineStatus();
  return (
    <header className="topbar">
      <button
        ref={toggleRef}
        type="button"
        className="icon-btn topbar-toggle"
        aria-label="Buka menu"
        title="Buka menu"
        aria-expanded={drawerOpen}
        aria-controls="sidebar"
        onClick={onOpenMenu}
      >
        <NavIcon name="menu" />
      </button>
      <span className="topbar-brand">Magang</span>
      {/* The connection and the queue: beside the bell on wide screens, a row of their own under 768 px. */}
      <div className="topbar-state">
        <div className="topbar-status" role="status">
          {!online && (
            <span className="badge badge-offline">
              <NavIcon name="offline" className="icon icon-sm" />
              {MSG.offlineBadge}
            </span>
          )}
        </div>
        <div className="topbar-sync">
          <OutboxStatusBar userId={userId} />
        </div>
      </div>
      <InboxBell userId={userId} role={role} />
      <UserMenu username={username} role={role} onLogout={onLogout} />
    </header>
  );
});
