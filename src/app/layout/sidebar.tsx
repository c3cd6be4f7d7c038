import { Link, useRouterState } from '@tanstack/react-router';
import { forwardRef, useEffect, useState } from 'react';
import { navFor, type NavItem, type Role } from '@/domain/role-access';
import { NavIcon } from './nav-icons';

interface SidebarProps {
  role: Role | null;
  /** Drawer state under 768 px (always shown above). */
  open: boolean;
  onClose: () => void;
  onNavigate: () => void;
}

function groupOf(items: NavItem[], pathname: string): string | null {
  return items.find((item) => item.children?.some((child) => child.path === pathname))?.label ?? null;
}

/** Role-filtered sidebar (the links of each role: src/domain/role-access.ts); a drawer under 768 px. */
export const Sidebar = forwardRef<HTMLElement, SidebarProps>(function Sidebar(
  { role, open, onClose, onNavigate },
  ref,
) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = navFor(role);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const current = groupOf(items, pathname);
    return new Set(current ? [current] : []);
  });

  // Navigating into a group (e.g. by URL) opens that group; others keep their state.
  const currentGroup = groupOf(items, pathname);
  useEffect(() => {
    if (currentGroup) setExpanded((prev) => (prev.has(currentGroup) ? prev : new Set(prev).add(currentGroup)));
  }, [currentGroup]);

  function toggle(label: string) {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });
  }

  return (
    <aside id="sidebar" ref={ref} className={open ? 'sidebar open' : 'sidebar'}>
      <div className="sidebar-brand">
        <img src="/icons/icon-192.png" alt="" width="32" height="32" />
        <span>Magang</span>
        <button type="button" className="icon-btn sidebar-close" aria-label="Tutup menu" title="Tutup menu" onClick={onClose}>
          <NavIcon name="close" />
        </button>
      </div>
      <nav aria-label="Menu utama" className="sidebar-nav">
        <ul className="nav-list">
          {items.map((item) =>
            item.path ? (
              <li key={item.label}>
                <Link to={item.path} className="nav-link" activeProps={{ className: 'active' }} onClick={onNavigate}>
                  <NavIcon name={item.label} />
                  <span>{item.label}</span>
                </Link>
              </li>
            ) : (
              <li key={item.label}>
                <button
                  type="button"
                  className={currentGroup === item.label ? 'nav-group has-active' : 'nav-group'}
                  aria-expanded={expanded.has(item.label)}
                  aria-controls={`nav-group-${item.label.toLowerCase()}`}
                  onClick={() => toggle(item.label)}
                >
                  <NavIcon name={item.label} />
                  <span>{item.label}</span>
                  <NavIcon name="chevron" className="icon chevron" />
                </button>
                <ul
                  id={`nav-group-${item.label.toLowerCase()}`}
                  className="nav-sublist"
                  hidden={!expanded.has(item.label)}
                >
                  {item.children?.map((child) => (
                    <li key={child.path}>
                      <Link
                        to={child.path}
                        className="nav-link nav-sublink"
                        activeProps={{ className: 'active' }}
                        onClick={onNavigate}
                      >
                        {child.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
});
