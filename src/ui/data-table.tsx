import type { Key, ReactNode } from 'react';
import { Spinner } from './spinner';
import { useIsNarrow } from './use-media-query';
import './table.css';

/** One column of a DataTable. */
export interface DataTableColumn<T> {
  /** Stable id of the column (React key, CSS hook `col-{id}`). */
  id: string;
  /** Column heading; also the label of the value on a card. */
  header: string;
  /** The cell content. `index` is the row's 0-based position on the current page. */
  cell: (row: T, index: number) => ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Width hint for the table (any CSS width, e.g. '4rem'). */
  width?: string;
  /**
   * How the column shows on a card (under 768 px): 'field' (default) a label/value pair,
   * 'title' the card's heading, 'status' beside the heading (its label read only by screen
   * readers), 'actions' the buttons beside the heading (no label), 'hidden' left out.
   */
  card?: 'field' | 'title' | 'status' | 'actions' | 'hidden';
  /** Makes the header a sort button with `aria-sort` (table layout only). */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onSort: () => void };
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  /** The rows to show (usually one page: usePagination().pageItems). */
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Accessible name of the table / card list. */
  label: string;
  /** First load with nothing to show yet: a spinner instead of the empty text. */
  loading?: boolean;
  loadingText?: string;
  /** Shown when there are no rows and nothing is loading (default 'Tidak ada data'). */
  emptyText?: string;
  /**
   * A summary row after the rows (e.g. totals), by column id; a column left out is blank. A
   * table's <tfoot> row, or a last card (the 'title' column's value as its heading). Shown only
   * with rows.
   */
  footer?: Partial<Record<string, ReactNode>>;
}

/**
 * The shared list of every screen: a table at 768 px and wider, one card per row (label/value pairs)
 * under 768 px. 'Tidak ada data' when empty; a loading state while the first load runs.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  loadingText = 'Loading...',
  emptyText = 'Tidak ada data',
  footer,
}: DataTableProps<T>) {
  const narrow = useIsNarrow();
  const empty = rows.length === 0;
  const status = empty ? (
    loading ? (
      <Spinner label={loadingText} />
    ) : (
      <span className="data-empty-text">{emptyText}</span>
    )
  ) : null;

  if (narrow) {
    const title = columns.find((c) => c.card === 'title');
    const fields = columns.filter((c) => (c.card ?? 'field') === 'field');
    const badges = columns.filter((c) => c.card === 'status');
    const actions = columns.filter((c) => c.card === 'actions');
    return (
      <div className="data-cards-wrap" aria-busy={loading || undefined}>
        {empty ? (
          <div className="data-empty card">{status}</div>
        ) : (
          <ul className="data-cards" aria-label={label}>
            {rows.map((row, index) => (
              <li key={rowKey(row)} className="data-card">
                {(title || badges.length > 0 || actions.length > 0) && (
                  <div className="data-card-header">
                    <div className="data-card-title">{title?.cell(row, index)}</div>
                    {badges.map((column) => (
                      <div key={column.id} className={`data-card-status col-${column.id}`}>
                        <span className="sr-only">{`${column.header}: `}</span>
                        {column.cell(row, index)}
                      </div>
                    ))}
                    {actions.map((column) => (
                      <div key={column.id} className="row-actions">
                        {column.cell(row, index)}
                      </div>
                    ))}
                  </div>
                )}
                <dl className="data-card-fields">
                  {fields.map((column) => (
                    <div key={column.id} className={`data-card-field col-${column.id}`}>
                      <dt>{column.header}</dt>
                      <dd>{column.cell(row, index)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
            {footer && (
              <li className="data-card data-card-footer">
                {title && (
                  <div className="data-card-header">
                    <div className="data-card-title">{footer[title.id]}</div>
                  </div>
                )}
                <dl className="data-card-fields">
                  {fields
                    .filter((column) => footer[column.id] !== undefined)
                    .map((column) => (
                      <div key={column.id} className={`data-card-field col-${column.id}`}>
                        <dt>{column.header}</dt>
                        <dd>{footer[column.id]}</dd>
                      </div>
                    ))}
                </dl>
              </li>
            )}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="data-table-wrap card" aria-busy={loading || undefined}>
      <table className="data-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`col-${column.id} align-${column.align ?? 'start'}`}
                style={column.width ? { width: column.width } : undefined}
                aria-sort={column.sort?.direction}
              >
                {column.sort ? (
                  <button type="button" className="sort-btn" onClick={column.sort.onSort}>
                    {column.header}
                    <span className={`sort-arrow sort-${column.sort.direction}`} aria-hidden="true">
                      {column.sort.direction === 'ascending' ? '▲' : column.sort.direction === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={columns.length} className="data-empty">
                {status}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={`col-${column.id} align-${column.align ?? 'start'}`}>
                    {column.card === 'actions' ? <div className="row-actions">{column.cell(row, index)}</div> : column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {footer && !empty && (
          <tfoot>
            <tr>
              {columns.map((column) => (
                <td key={column.id} className={`col-${column.id} align-${column.align ?? 'start'}`}>
                  {footer[column.id]}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
