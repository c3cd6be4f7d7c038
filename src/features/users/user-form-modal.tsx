import { useState } from 'react';
import type { ApiClient } from '@/api/client';
import type { UserRecord } from '@/db/records';
import type { FieldErrors } from '@/domain/form-errors';
import { USER_NAME_LABELS } from '@/domain/auth';
import { MASTER_MSG } from '@/domain/master-data';
import { ROLES, normalizeRole } from '@/domain/roles';
import type { CrudFormProps } from '@/ui/crud-flow';
import { Field } from '@/ui/field';
import { FormModal } from '@/ui/form-modal';
import { useBoundAction } from '@/ui/use-async-action';
import { TextOptions } from '@/ui/text-options';
import { EMPTY_USER_INPUT, userActions, validateUserInput, type SaveUserInput } from './save-user';

/** `row`: the user to edit, or null to add one. */
interface UserFormModalProps extends CrudFormProps<UserRecord> {
  api: ApiClient;
}

/** Add / Edit user: Employee ID (fixed on edit), Username, Nama Lengkap and Jabatan (optional), Password, Role. */
export function UserFormModal({ api, row: user, onClose, onSaved }: UserFormModalProps) {
  const editing = user !== null;
  const [input, setInput] = useState<SaveUserInput>(() =>
    user
      ? {
          employee_id: user.employee_id,
          username: user.username,
          nama_lengkap: user.nama_lengkap ?? '',
          jabatan: user.jabatan ?? '',
          password: '',
          role: normalizeRole(user.role) ?? 'HR',
        }
      : EMPTY_USER_INPUT,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useBoundAction(api, userActions.save);

  function set<K extends keyof SaveUserInput>(key: K, value: SaveUserInput[K]) {
    setInput((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  return (
    <FormModal
      title={editing ? 'Edit User' : 'Tambah User'}
      onClose={onClose}
      validate={() => {
        const invalid = validateUserInput(input, editing);
        setErrors(invalid ?? {});
        return invalid ? null : input;
      }}
      save={(value) => save.run(value, user?.id ?? null)}
      onSaved={() => onSaved(!editing)}
      busy={save.busy}
      error={save.error}
      // The user modal's submit button says 'Saving...' while working.
      busyLabel="Saving..."
    >
      <Field label="Employee ID" required={!editing} error={errors.employee_id} hint={editing ? MASTER_MSG.employeeIdFixed : undefined}>
        <input
          value={input.employee_id}
          disabled={editing}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set('employee_id', e.target.value)}
        />
      </Field>
      <Field label="Username" required error={errors.username}>
        <input
          value={input.username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => set('username', e.target.value)}
        />
      </Field>
      <Field label={USER_NAME_LABELS.nama_lengkap} error={errors.nama_lengkap}>
        <input value={input.nama_lengkap} autoComplete="off" onChange={(e) => set('nama_lengkap', e.target.value)} />
      </Field>
      <Field label={USER_NAME_LABELS.jabatan} error={errors.jabatan}>
        <input value={input.jabatan} autoComplete="off" onChange={(e) => set('jabatan', e.target.value)} />
      </Field>
      <Field label="Password" required={!editing} error={errors.password} hint={editing ? MASTER_MSG.passwordEditHint : undefined}>
        <input type="password" value={input.password} autoComplete="new-password" onChange={(e) => set('password', e.target.value)} />
      </Field>
      <Field label="Role" required error={errors.role}>
        <select value={input.role} onChange={(e) => set('role', normalizeRole(e.target.value) ?? 'HR')}>
          <TextOptions values={ROLES} />
        </select>
      </Field>
    </FormModal>
  );
}
