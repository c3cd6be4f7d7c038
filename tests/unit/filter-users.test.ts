import { describe, expect, it } from 'vitest';
import type { UserRecord } from '@/db/records';
import { filterUsers } from '@/features/users/filter-users';

const users: UserRecord[] = [
  { id: 3, employee_id: 'EMP003', employeeId: 'EMP003', username: 'mentor', role: 'Mentor' },
  { id: 1, employee_id: 'EMP001', employeeId: 'EMP001', username: 'hr', role: 'HR' },
  { id: 2, employee_id: 'EMP002', username: 'Pembimbing', role: 'Pembimbing' },
  { id: 5, employee_id: 'X-9', employeeId: 'ALT-77', username: 'budi', role: 'HR' },
];
const ids = (rows: UserRecord[]) => rows.map((u) => u.id);

describe('filterUsers', () => {
  it('should list everyone by id without search or role', () => {
    expect(ids(filterUsers(users, '', ''))).toEqual([1, 2, 3, 5]);
  });

  it.each([
    ['PEMB', [2]],
    ['emp00', [1, 2, 3]],
    ['alt-77', [5]],
    ['  hr ', [1]],
    ['tidak-ada', []],
  ])('should match %j in username, employee_id or employeeId, any case', (search, expected) => {
    expect(ids(filterUsers(users, search, ''))).toEqual(expected);
  });

  it('should filter by exact role and combine with the search', () => {
    expect(ids(filterUsers(users, '', 'HR'))).toEqual([1, 5]);
    expect(ids(filterUsers(users, 'bud', 'HR'))).toEqual([5]);
    expect(ids(filterUsers(users, 'bud', 'Mentor'))).toEqual([]);
  });
});
