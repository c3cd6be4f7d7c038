import { DataTable, type DataTableProps } from './data-table';
import { Pager } from './pager';
import type { Pagination } from './use-pagination';

type PagedTableProps<T> = Omit<DataTableProps<T>, 'rows'> & {
  /** usePagination() of the full list: the table shows its page, the pager moves it. */
  pagination: Pagination<T>;
};

/** A DataTable showing one page of a list, with its Pager below (same page size). */
export function PagedTable<T>({ pagination, ...table }: PagedTableProps<T>) {
  return (
    <>
      <DataTable {...table} rows={pagination.pageItems} />
      <Pager page={pagination.page} total={pagination.total} pageSize={pagination.pageSize} onPageChange={pagination.setPage} />
    </>
  );
}
