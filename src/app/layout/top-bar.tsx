import { forwardRef } from 'react';
import { MSG } from '@/domain/messages';
import { NavIcon } from './nav-icons';
import { useOnlineStatus } from './use-online-status';
import { UserMenu } from './user-menu';

interface TopBarProps {
  username: string;
  role: string | null;
  drawerOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
}

/** Top bar: drawer toggle (under 768 px), connection state, user menu. */
export const TopBar = forwardRef<HTMLButtonElement, TopBarProps>(function TopBar(
  { username, role, drawerOpen, onOpenMenu, onLogout },
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
      <div className="topbar-status" role="status">
        {!online && (
          <span className="badge badge-offline">
            <NavIcon name="offline" className="icon icon-sm" />
            {MSG.offlineBadge}
          </span>
        )}
      </div>
      {/* Outbox state ('{n} perubahan tertunda', 'Sinkronkan') goes here with the scoring issue. */}
      <div className="topbar-sync" />
      <UserMenu username={username} role={role} onLogout={onLogout} />
    </header>
  );
});
