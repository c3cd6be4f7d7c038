import { useMemo, useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { UserRecord } from '@/db/records';
import { MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import type { Role } from '@/domain/roles';
import { Badge } from '@/ui/badge';
import { roleTone } from '@/ui/badge-palette';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { type DataTableColumn } from '@/ui/data-table';
import { PagedTable } from '@/ui/paged-table';
import { RowActions } from '@/ui/row-actions';
import { LoadFailure } from '@/ui/load-failure';
import { Icon } from '@/ui/icons';
import { Pager } from '@/ui/pager';
import { usePopup } from '@/ui/popup';
import { SearchInput } from '@/ui/search-input';
import { usePagination } from '@/ui/use-pagination';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useDeleteUser } from './delete-user';
import { filterUsers } from './filter-users';
import { UserFormModal } from './user-form-modal';
import { useUsers } from './use-users';

/** Badge colour of each role (spec 2: 'Role (colour badge)'). */

/** Role filter options in the spec's order ('' = Semua Role). */
const ROLE_FILTERS: readonly Role[] = ['HR', 'Mentor', 'Pembimbing', 'BusHead'];

/** '/users' ('Daftar Users', HR): search, role filter, paged table, add / edit / delete. */
export function UsersPage({ api }: { api: ApiClient }) {
  useDocumentTitle('Daftar Users');
  const { rows, loading, failed, refresh } = useUsers(api);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [form, setForm] = useState<{ user: UserRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<UserRecord | null>(null);
  const remove = useDeleteUser(api);
  const popup = usePopup();

  const visible = useMemo(() => filterUsers(rows ?? [], search, role), [rows, search, role]);
  const pagination = usePagination(visible, { resetKey: `${search}|${role}` });
  const hasRows = (rows?.length ?? 0) > 0;
  const filterActive = search.trim() !== '' || role !== '';

  async function confirmDelete() {
    if (!deleting) return;
    const id = await remove.run(deleting.id);
    if (id === undefined) return;
    setDeleting(null);
    popup.success(MSG.entityDeleted('User'));
  }

  const columns: DataTableColumn<UserRecord>[] = [
    { id: 'no', header: 'No', width: '4rem', cell: (_, i) => pagination.from + i },
    { id: 'id', header: 'ID', cell: (user) => user.employee_id || user.employeeId },
    { id: 'username', header: 'Username', card: 'title', cell: (user) => user.username },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => <Badge tone={roleTone(user.role)}>{user.role}</Badge>,
    },
    {
      id: 'action',
      header: 'Action',
      card: 'actions',
      width: '7rem',
      cell: (user) => (
        <RowActions
          onEdit={() => setForm({ user })}
          onDelete={() => {
            remove.reset();
            setDeleting(user);
          }}
        />
      ),
    },
  ];

  return (
    <section className="page">
      <header className="page-header">
        <h1>Daftar Users</h1>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => setForm({ user: null })}>
            <Icon name="plus" size={18} />
            Add User
          </button>
        </div>
      </header>

      <div className="toolbar">
        <SearchInput placeholder="Cari username atau ID..." onSearch={setSearch} delay={400} />
        <select className="select" aria-label="Filter role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="">Semua Role</option>
          {ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>

      <LoadFailure
        failed={failed && (hasRows || !filterActive)}
        hasRows={hasRows}
        message={MASTER_MSG.userLoadFailed}
        staleMessage={MSG.staleMirror}
        onRetry={() => void refresh()}
      />

      <PagedTable
        label="Daftar Users"
        columns={columns}
        rowKey={(user) => user.id}
        loading={rows === undefined || (loading && !hasRows)}
        pagination={pagination}
      />

      {form && (
        <UserFormModal
          api={api}
          user={form.user}
          onClose={() => setForm(null)}
          onSaved={(_, added) => {
            setForm(null);
            popup.success(added ? MSG.entityAdded('User') : MSG.entityUpdated('User'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={MASTER_MSG.userDeleteTitle}
        message={MASTER_MSG.userDeleteText}
        confirmLabel="Ya, Hapus"
        busyLabel="Menghapus..."
        tone="danger"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      {popup.element}
    </section>
  );
}
