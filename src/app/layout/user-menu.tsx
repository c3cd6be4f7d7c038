import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { InstallMenuItem } from '../pwa/install-menu-item';
import { NavIcon } from './nav-icons';

interface UserMenuProps {
  username: string;
  role: string | null;
  onLogout: () => void;
}

/** The top bar's user button and its menu (Profile, 'Pasang aplikasi' where installable, Logout), keyboard-operable. */
export function UserMenu({ username, role, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  function items(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        id="user-menu-button"
        className="user-button"
        aria-label="Menu pengguna"
        title="Menu pengguna"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'user-menu' : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="avatar" aria-hidden="true">
          {username.charAt(0).toUpperCase() || '?'}
        </span>
        <span className="user-text">
          <span className="user-name">{username}</span>
          {role && <span className="user-role">{role}</span>}
        </span>
        <NavIcon name="caret" className="icon caret" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id="user-menu"
          role="menu"
          aria-labelledby="user-menu-button"
          className="menu"
          onKeyDown={onMenuKeyDown}
        >
          <Link to="/profile" role="menuitem" tabIndex={-1} className="menu-item" onClick={() => close(false)}>
            <NavIcon name="user" />
            Profile
          </Link>
          <InstallMenuItem onActivated={() => close(true)} />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <NavIcon name="logout" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
