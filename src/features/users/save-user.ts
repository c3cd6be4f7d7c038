import { z } from 'zod';
import { createUser, deleteUser, updateUser } from '@/api/master-data';
import { pullUsers } from '@/sync/pull-master-data';
import { masterDataActions } from '@/sync/master-data-writes';
import { fieldErrors, type FieldErrors } from '@/domain/form-errors';
import { userCreateSchema, userUpdateSchema } from '@/domain/master-data';
import { MSG } from '@/domain/messages';
import { ROLES, type Role } from '@/domain/roles';

/** The user form's values: all text (full name and title blank when unset), the role one of the four. */
const saveUserInputSchema = z.object({
  employee_id: z.string(),
  username: z.string(),
  nama_lengkap: z.string(),
  jabatan: z.string(),
  password: z.string(),
  role: z.enum(ROLES),
});
export type SaveUserInput = z.infer<typeof saveUserInputSchema>;

/** An empty add form: role HR by default. */
export const EMPTY_USER_INPUT: SaveUserInput = { employee_id: '', username: '', nama_lengkap: '', jabatan: '', password: '', role: 'HR' as Role };

/** The edit payload: username, role, full name and title (blank clears them), and the password (sent only when filled). */
const updatePayload = (input: SaveUserInput) => ({
  username: input.username,
  role: input.role,
  password: input.password,
  nama_lengkap: input.nama_lengkap,
  jabatan: input.jabatan,
});

/** Field messages of the form, or null when it may be sent. On edit the password may stay empty. */
export function validateUserInput(input: SaveUserInput, editing: boolean): FieldErrors | null {
  if (editing) {
    const result = userUpdateSchema.safeParse(updatePayload(input));
    return result.success ? null : fieldErrors(result.error);
  }
  const result = userCreateSchema.safeParse(input);
  const errors = result.success ? {} : fieldErrors(result.error);
  if (input.password === '') errors.password = MSG.passwordRequired;
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * POST (id null) or PUT /api/users (the edit payload is username, role, full name and title,
 * plus the password only when filled), and DELETE /api/users/{id} (400 own account, 409 last HR); the mirror
 * changes at once, then the list is re-pulled.
 */
export const userActions = masterDataActions('users', {
  create: (api, input: SaveUserInput) => createUser(api, userCreateSchema.parse(input)),
  update: (api, id, input) =>
    updateUser(api, id, userUpdateSchema.parse(updatePayload(input))),
  remove: deleteUser,
  refresh: pullUsers,
});
