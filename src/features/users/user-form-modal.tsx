import { useId, useRef, useState, type FormEvent } from 'react';
import type { ApiClient } from '@/api/client';
import type { UserRecord } from '@/db/records';
import type { FieldErrors } from '@/domain/form-errors';
import { MASTER_MSG } from '@/domain/master-data';
import { ROLES, normalizeRole } from '@/domain/roles';
import { Alert } from '@/ui/alert';
import { Field, focusFirstInvalid } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { EMPTY_USER_INPUT, useSaveUser, validateUserInput, type SaveUserInput } from './save-user';

interface UserFormModalProps {
  api: ApiClient;
  /** The user to edit, or null to add one. */
  user: UserRecord | null;
  onClose: () => void;
  onSaved: (user: UserRecord, added: boolean) => void;
}

/** Add / Edit user (spec 2, 5): Employee ID (fixed on edit), Username, Password, Role. */
export function UserFormModal({ api, user, onClose, onSaved }: UserFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const editing = user !== null;
  const [input, setInput] = useState<SaveUserInput>(() =>
    user
      ? { employee_id: user.employee_id, username: user.username, password: '', role: normalizeRole(user.role) ?? 'HR' }
      : EMPTY_USER_INPUT,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveUser(api);

  function set<K extends keyof SaveUserInput>(key: K, value: SaveUserInput[K]) {
    setInput((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateUserInput(input, editing);
    if (invalid) {
      setErrors(invalid);
      focusFirstInvalid(formRef.current);
      return;
    }
    const saved = await save.run(input, user?.id ?? null);
    if (saved) onSaved(saved, !editing);
  }

  return (
    <Modal
      open
      title={editing ? 'Edit User' : 'Tambah User'}
      onClose={onClose}
      dismissible={!save.busy}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.busy}>
            Batal
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={save.busy}>
            {save.busy ? 'Saving...' : 'Simpan'}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate>
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
        <Field
          label="Password"
          required={!editing}
          error={errors.password}
          hint={editing ? MASTER_MSG.passwordEditHint : undefined}
        >
          <input type="password" value={input.password} autoComplete="new-password" onChange={(e) => set('password', e.target.value)} />
        </Field>
        <Field label="Role" required error={errors.role}>
          <select value={input.role} onChange={(e) => set('role', normalizeRole(e.target.value) ?? 'HR')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </Field>
        {save.error && <Alert tone="error">{save.error}</Alert>}
      </form>
    </Modal>
  );
}
