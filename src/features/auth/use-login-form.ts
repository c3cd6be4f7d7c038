import { useState, type FormEvent } from 'react';
import { login } from '@/api/session-auth';
import type { ApiClient } from '@/api/client';
import { errorMessage } from '@/api/client';
import type { LoginResponse } from '@/domain/auth';
import { loginFieldError } from '@/domain/login';
import { MSG } from '@/domain/messages';
import type { LoginField as Field } from './login-handoff';

/** State and handlers of the login form: field checks, the request, its failure texts. */
export function useLoginForm(api: ApiClient, onLoggedIn: (result: LoginResponse) => Promise<void> | void) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fieldError = (field: Field): string | null =>
    touched[field] ? loginFieldError(field, values[field]) : null;

  function change(field: Field, value: string) {
    setValues((prev) => ({ ...prev, [field]: value }));
  }

  function blur(field: Field) {
    setTouched((prev) => ({ ...prev, [field]: true }));
  }

  /** Takes over what was typed before the form was React's (the HTML login page). */
  function restore(restored: Record<Field, string>, restoredTouched: Record<Field, boolean>) {
    setValues(restored);
    setTouched(restoredTouched);
  }

  /** Validates; on success sends the login. Returns the first invalid field, if any. */
  async function submit(event: FormEvent): Promise<Field | null> {
    event.preventDefault();
    if (submitting) return null;
    setTouched({ username: true, password: true });
    const invalid = (['username', 'password'] as const).find((f) => loginFieldError(f, values[f]) !== null);
    if (invalid) return invalid;
    setSubmitting(true);
    setError(null);
    try {
      const result = await login(api, { username: values.username.trim(), password: values.password });
      await onLoggedIn(result);
    } catch (e) {
      setError(errorMessage(e, MSG.networkError));
      setSubmitting(false);
    }
    return null;
  }

  return { values, change, blur, restore, fieldError, submit, submitting, error };
}
