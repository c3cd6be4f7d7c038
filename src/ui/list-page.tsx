import type { ReactNode } from 'react';
import type { CrudFlow, CrudRow } from './crud-flow';
import type { DataTableColumn } from './data-table';
import { Icon } from './icons';
import { LoadFailure } from './load-failure';
import { PagedTable } from './paged-table';
import { Tabs, type TabsProps } from './tabs';
import { usePagination, type PaginationResetKey } from './use-pagination';
import type { Refresh } from './use-refresh';
import { useDocumentTitle } from './use-document-title';
import './form.css';

interface ListPageProps<T extends CrudRow, V extends string> {
  /** The page heading and document title. */
  title: string;
  /** The add and edit / delete flow (useCrudFlow): its add button, its dialogs. */
  flow: CrudFlow<T>;
  /** The add button: text, optional tooltip, and where it sits ('header', default, or the toolbar's end). */
  add: { label: string; title?: string; placement?: 'header' | 'toolbar' };
  /** Tabs around the toolbar and the table (their content is the tab panel). */
  tabs?: Omit<TabsProps<V>, 'children'>;
  /** Filter controls (search, selects) in the toolbar above the table. */
  toolbar?: ReactNode;
  /** The list's data (e.g. useX(api)): every row of the mirror (undefined until read) and the refresh state (load failure, retry). */
  data: Refresh & { rows: readonly T[] | undefined };
  /** The rows the table shows (filtered); default all `data.rows`. */
  visible?: readonly T[];
  /** Names the filter state: a change goes back to page 1. */
  resetKey?: PaginationResetKey;
  /** The load-failure text shown when nothing can be listed. */
  failedMessage: string;
  /** The quiet note shown instead while stored rows are on screen. */
  staleMessage: string;
  /** False hides the load-failure text while the list is empty (e.g. a filter is active). Default true. */
  failureAlert?: boolean;
  /** Accessible name of the table / card list. */
  label: string;
  /** The columns; a 'No' column (row number across pages) goes first when `numbered`. */
  columns: readonly DataTableColumn<T>[];
  numbered?: boolean;
  className?: string;
  /** The screen's own modals (the form, a detail view). */
  children?: ReactNode;
}

/**
 * The master-data list screen: heading with the add button, optional tabs and toolbar, the
 * load failure or stale note, the paged table (5 per page), the screen's modals, and the
 * flow's delete confirmation and popups.
 */
export function ListPage<T extends CrudRow, V extends string = string>({
  title,
  flow,
  add,
  tabs,
  toolbar,
  data,
  visible,
  resetKey,
  failedMessage,
  staleMessage,
  failureAlert = true,
  label,
  columns,
  numbered = false,
  className,
  children,
}: ListPageProps<T, V>) {
  useDocumentTitle(title);
  const { rows } = data;
  const pagination = usePagination(visible ?? rows ?? [], { resetKey });
  const hasRows = (rows?.length ?? 0) > 0;
  const allColumns: readonly DataTableColumn<T>[] = numbered
    ? [{ id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i }, ...columns]
    : columns;

  const addButton = (
    <button type="button" className="btn btn-primary" title={add.title} onClick={flow.add}>
      <Icon name="plus" size={18} />
      {add.label}
    </button>
  );
  const inToolbar = add.placement === 'toolbar';
  const body = (
    <>
      {(toolbar || inToolbar) && (
        <div className="toolbar">
          {toolbar}
          {inToolbar && <div className="toolbar-end">{addButton}</div>}
        </div>
      )}
      <LoadFailure
        failed={data.failed && (hasRows || failureAlert)}
        hasRows={hasRows}
        message={failedMessage}
        staleMessage={staleMessage}
        onRetry={() => void data.refresh()}
      />
      <PagedTable
        label={label}
        columns={allColumns}
        rowKey={(row) => row.id}
        loading={rows === undefined || (data.loading && !hasRows)}
        pagination={pagination}
      />
    </>
  );

  return (
    <section className={className ? `page ${className}` : 'page'}>
      <header className="page-header">
        <h1>{title}</h1>
        {!inToolbar && <div className="page-header-actions">{addButton}</div>}
      </header>
      {tabs ? <Tabs {...tabs}>{body}</Tabs> : body}
      {children}
      {flow.element}
    </section>
  );
}
