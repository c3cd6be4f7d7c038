import { Icon } from './icons';
import { PAGER_BUTTONS_NARROW, PAGER_BUTTONS_WIDE, pageBounds, pageCount, pageWindow, showingText } from './pagination';
import { useIsNarrow } from './use-media-query';
import './table.css';

interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  /** Rows in the whole (filtered) list. */
  total: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** Name of the navigation landmark (default 'Navigasi halaman'). */
  label?: string;
}

/**
 * The pager of every list: 'Showing X to Y of N entries', Prev / Next, up to 5 page buttons
 * (3 under 768 px); the current page is marked aria-current="page". Renders nothing when
 * everything fits on one page. Pair it with usePagination().
 */
export function Pager({ page, total, pageSize = 5, onPageChange, label = 'Navigasi halaman' }: PagerProps) {
  const narrow = useIsNarrow();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const { from, to } = pageBounds(page, total, pageSize);
  const numbers = pageWindow(page, pages, narrow ? PAGER_BUTTONS_NARROW : PAGER_BUTTONS_WIDE);
  return (
    <nav className="pager" aria-label={label}>
      <p className="pager-info" aria-live="polite">
        {showingText(from, to, total)}
      </p>
      <div className="pager-buttons">
        <button type="button" className="pager-btn pager-step" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <Icon name="prev" size={16} />
          Prev
        </button>
        {numbers.map((n) => (
          <button
            key={n}
            type="button"
            className="pager-btn pager-number"
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPageChange(n)}
          >
            {n}
          </button>
        ))}
        <button type="button" className="pager-btn pager-step" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next
          <Icon name="next" size={16} />
        </button>
      </div>
    </nav>
  );
}
