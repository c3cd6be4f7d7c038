import { useMemo, useState } from 'react';
import { useApi } from '@/api/api-context';
import type { UserRecord } from '@/db/records';
import { entityMessages, MASTER_MSG } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import type { Role } from '@/domain/roles';
import { Badge } from '@/ui/badge';
import { roleTone } from '@/ui/badge-palette';
import { rowActionsColumn, useCrudFlow } from '@/ui/crud-flow';
import type { DataTableColumn } from '@/ui/data-table';
import { ListPage } from '@/ui/list-page';
import { SearchInput } from '@/ui/search-input';
import { useBoundAction } from '@/ui/use-async-action';
import { TextOptions } from '@/ui/text-options';
import { userActions } from './save-user';
import { filterUsers, userDeleteBlock } from './filter-users';
import { UserFormModal } from './user-form-modal';
import { useUsers } from './use-users';
import './users.css';

/** Role filter options in the product's order ('' = Semua Role). */
const ROLE_FILTERS: readonly Role[] = ['HR', 'Mentor', 'Pembimbing', 'BusHead'];

interface UsersPageProps {
  /** The logged-in user's id: that row's 'Hapus' is disabled (nobody deletes their own account). */
  currentUserId?: number | null;
}

/** '/users' ('Daftar Users', HR): search, role filter, paged table, add / edit / delete. */
export function UsersPage({ currentUserId = null }: UsersPageProps) {
  const api = useApi();
  const data = useUsers(api);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const flow = useCrudFlow<UserRecord>({
    remove: useBoundAction(api, userActions.remove),
    messages: entityMessages('User'),
    confirm: { title: MASTER_MSG.userDeleteTitle, message: () => MASTER_MSG.userDeleteText, confirmLabel: 'Ya, Hapus' },
  });
  const visible = useMemo(() => filterUsers(data.rows ?? [], search, role), [data.rows, search, role]);

  const columns: DataTableColumn<UserRecord>[] = [
    { id: 'id', header: 'ID', cell: (user) => user.employee_id || user.employeeId },
    {
      id: 'username',
      header: 'Username',
      card: 'title',
      // The full name, when set, shows under the username (what the documents print under the signature).
      cell: (user) =>
        user.nama_lengkap ? (
          <>
            {user.username}
            <small className="user-full-name muted">{user.nama_lengkap}</small>
          </>
        ) : (
          user.username
        ),
    },
    { id: 'role', header: 'Role', cell: (user) => <Badge tone={roleTone(user.role)}>{user.role}</Badge> },
    rowActionsColumn(flow, {
      header: 'Action',
      deleteDisabledReason: (user) => userDeleteBlock(user, currentUserId),
    }),
  ];

  return (
    <ListPage
      title="Daftar Users"
      flow={flow}
      add={{ label: 'Add User' }}
      toolbar={
        <>
          <SearchInput placeholder="Cari username atau ID..." onSearch={setSearch} delay={400} />
          <select className="select" aria-label="Filter role" value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="">Semua Role</option>
            <TextOptions values={ROLE_FILTERS} />
          </select>
        </>
      }
      data={data}
      visible={visible}
      resetKey={`${search}|${role}`}
      failedMessage={MASTER_MSG.userLoadFailed}
      staleMessage={MSG.staleMirror}
      // The load failure is reported only while no search or role filter is active.
      failureAlert={search.trim() === '' && role === ''}
      label="Daftar Users"
      columns={columns}
      numbered
    >
      {flow.form && <UserFormModal api={api} {...flow.form} />}
    </ListPage>
  );
}
