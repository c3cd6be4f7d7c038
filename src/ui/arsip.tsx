import { useId, useState, type Key } from 'react';
import { Alert } from './alert';
import { DataTable, type DataTableColumn } from './data-table';
import { Pager } from './pager';
import { PAGE_SIZE } from './pagination';
import './arsip.css';

interface ArsipSwitchProps {
  /** The archive is shown instead of the device's list. */
  on: boolean;
  onChange: (on: boolean) => void;
  /** The switch's name ('Arsip') and the line that explains it (it needs a connection). */
  label: string;
  explain: string;
}

/**
 * The 'Arsip' switch of a list: a button with role="switch" (Space / Enter toggle it, a screen
 * reader hears its state), at least 44 px high, with the line that explains it as its description.
 */
export function ArsipSwitch({ on, onChange, label, explain }: ArsipSwitchProps) {
  const explainId = useId();
  return (
    <div className={`arsip-switch${on ? ' arsip-switch-on' : ''}`}>
      <button type="button" role="switch" aria-checked={on} aria-describedby={explainId} className="arsip-toggle" onClick={() => onChange(!on)}>
        <span className="arsip-track" aria-hidden="true">
          <span className="arsip-thumb" />
        </span>
        <span className="arsip-label">{label}</span>
      </button>
      <p id={explainId} className="arsip-explain muted">
        {explain}
      </p>
    </div>
  );
}

/** The texts of an archive list's states. */
export interface ArsipTexts {
  offline: string;
  loading: string;
  /** Default: the lists' 'Tidak ada data'. */
  empty?: string;
  failed: string;
  /** The failure's retry button. */
  retry: string;
}

/** What the list shows of the server's search: the state the archive query hook (src/api/arsip.ts) returns. */
export interface ArsipListState<T> {
  /** The rows of the shown page (those of the last answer while the next one loads). */
  rows: readonly T[];
  /** How many rows match on the server. */
  total: number;
  /** The page asked for (1-based); back to 1 whenever the filters change. */
  page: number;
  setPage: (page: number) => void;
  /** True while the asked page has not answered yet. */
  loading: boolean;
  /** The last request failed (the server answered an error, or no answer); cleared by the next answer. */
  failed: boolean;
  /** Asks the same page again (a retry button). */
  retry: () => void;
}

interface ArsipListProps<T> {
  /** The same columns as the device's list (their 'No' counts from `(page - 1) * 5 + 1`). */
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => Key;
  /** Accessible name of the table / card list. */
  label: string;
  state: ArsipListState<T>;
  /** The device is online: offline the list says the archive needs a connection and asks nothing. */
  online: boolean;
  texts: ArsipTexts;
}

/**
 * One page of an archive list: the server's rows in the list's own table (cards on a phone)
 * and its pager over the server's total; offline, the text that a connection is needed; a
 * failure with 'Coba lagi'.
 */
export function ArsipList<T>({ columns, rowKey, label, state, online, texts }: ArsipListProps<T>) {
  const { rows, total, page, setPage, loading, failed, retry } = state;
  if (!online) {
    return (
      <Alert tone="warning" className="arsip-offline">
        {texts.offline}
      </Alert>
    );
  }
  return (
    <>
      {failed && (
        <Alert tone="error">
          {texts.failed}{' '}
          <button type="button" className="link-btn" onClick={retry}>
            {texts.retry}
          </button>
        </Alert>
      )}
      <DataTable
        label={label}
        columns={columns}
        // While a page loads its rows are not known yet: the spinner, never the previous page's rows.
        rows={loading || failed ? [] : rows}
        rowKey={rowKey}
        loading={loading}
        loadingText={texts.loading}
        emptyText={texts.empty}
      />
      {!failed && <Pager page={page} total={total} pageSize={PAGE_SIZE} onPageChange={setPage} />}
    </>
  );
}

/** The 'No' of the row at `index` on archive page `page`. */
export function arsipRowNumber(page: number, index: number): number {
  return (page - 1) * PAGE_SIZE + index + 1;
}

/**
 * Whether a list shows its archive: held by the route (the URL's `?arsip=1`, so a reload keeps
 * it) when it passes `onChange`, else by the screen itself.
 */
export function useArsipSwitch(value: boolean | undefined, onChange: ((on: boolean) => void) | undefined): [boolean, (on: boolean) => void] {
  const [own, setOwn] = useState(value ?? false);
  if (onChange) return [value ?? false, onChange];
  return [own, setOwn];
}

/**
 * Under an empty device list: the archive holds `total` rows for the same search (null: not
 * asked, or not known yet), with a way to it. Nothing when the archive has none either.
 */
export function ArsipHint({ total, text, action, onOpen }: { total: number | null; text: (total: number) => string; action: string; onOpen: () => void }) {
  if (total === null || total === 0) return null;
  return (
    <Alert tone="info" className="arsip-hint">
      {text(total)}{' '}
      <button type="button" className="link-btn" onClick={onOpen}>
        {action}
      </button>
    </Alert>
  );
}
