import type { UserRecord } from '@/db/records';
import { SERVER_MSG } from '@/domain/messages';

/**
 * The users list as the screen shows it: the search filtered client-side in username,
 * employee_id or employeeId, any case; the role filter ('' = Semua Role); by id.
 */
export function filterUsers(rows: readonly UserRecord[], search: string, role: string): UserRecord[] {
  const needle = search.trim().toLowerCase();
  return rows
    .filter((user) => role === '' || user.role === role)
    .filter(
      (user) =>
        needle === '' ||
        [user.username, user.employee_id, user.employeeId].some((value) => value?.toLowerCase().includes(needle)),
    )
    .sort((a, b) => a.id - b.id);
}

/** Why `user` cannot be deleted by the logged-in user (nobody deletes their own account), or null. */
export function userDeleteBlock(user: Pick<UserRecord, 'id'>, currentUserId: number | null): string | null {
  return user.id === currentUserId ? SERVER_MSG.cannotDeleteSelf : null;
}
