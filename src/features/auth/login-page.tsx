import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useApi } from '@/api/api-context';
import type { LoginResponse } from '@/domain/auth';
import { Alert } from '@/ui/alert';
import { useDocumentTitle } from '@/ui/use-document-title';
import type { LoginField, LoginHandoff } from './login-handoff';
import { useLoginForm } from './use-login-form';
import './login.css';

interface LoginPageProps {
  /** Stores the session and navigates; called once the server accepted the credentials. */
  onLoggedIn: (result: LoginResponse) => Promise<void> | void;
  /** What the user did on the page's HTML before the app loaded, taken once on mount. */
  takeHandoff?: () => LoginHandoff | null;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** Login page '/': welcome banner and the login form. */
export function LoginPage({ onLoggedIn, takeHandoff }: LoginPageProps) {
  const api = useApi();
  useDocumentTitle('Login');
  const form = useLoginForm(api, onLoggedIn);
  const [showPassword, setShowPassword] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameError = form.fieldError('username');
  const passwordError = form.fieldError('password');
  const toggleLabel = showPassword ? 'Sembunyikan password' : 'Tampilkan password';
  const formRef = useRef<HTMLFormElement>(null);
  useHandoff(takeHandoff, form.restore, setShowPassword, { username: usernameRef, password: passwordRef }, formRef);

  return (
    <main className="login">
      <section className="login-banner" aria-labelledby="welcome-title">
        <img className="login-logo" src="/icons/icon-192.png" alt="" width="64" height="64" />
        <h1 id="welcome-title">Selamat Datang</h1>
        <p>
          di <strong>Magang</strong>, sistem manajemen program magang: penilaian kompetensi, approval,
          dan sertifikat peserta dalam satu tempat.
        </p>
      </section>

      <section className="login-card" aria-labelledby="login-title">
        <h2 id="login-title">Masuk ke akun Anda</h2>
        <p className="muted">Gunakan username dan password yang diberikan administrator.</p>

        {form.error && (
          <Alert tone="error" className="login-error">
            {form.error}
          </Alert>
        )}

        <form
          ref={formRef}
          noValidate
          onSubmit={async (event) => {
            const invalid = await form.submit(event);
            if (invalid === 'username') usernameRef.current?.focus();
            else if (invalid === 'password') passwordRef.current?.focus();
          }}
        >
          <div className="field">
            <label htmlFor="login-username">Username</label>
            <input
              ref={usernameRef}
              id="login-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={form.values.username}
              onChange={(e) => form.change('username', e.target.value)}
              onBlur={() => form.blur('username')}
              aria-invalid={usernameError ? true : undefined}
              aria-describedby={usernameError ? 'login-username-error' : undefined}
            />
            {usernameError && (
              <p id="login-username-error" className="field-error">
                {usernameError}
              </p>
            )}
          </div>

          <div className="field">
            <label htmlFor="login-password">Password</label>
            <div className="input-with-button">
              <input
                ref={passwordRef}
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={form.values.password}
                onChange={(e) => form.change('password', e.target.value)}
                onBlur={() => form.blur('password')}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? 'login-password-error' : undefined}
              />
              <button
                type="button"
                className="input-addon"
                aria-label={toggleLabel}
                title={toggleLabel}
                onClick={() => setShowPassword((v) => !v)}
              >
                <EyeIcon open={!showPassword} />
              </button>
            </div>
            {passwordError && (
              <p id="login-password-error" className="field-error">
                {passwordError}
              </p>
            )}
          </div>

          <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting}>
            {form.submitting ? 'Loading...' : 'Login'}
          </button>
        </form>
      </section>
    </main>
  );
}

/**
 * Takes over the HTML login page's state on mount (before the first paint: no flash): the
 * values, touched fields and password toggle at once; the focus and caret once the restored
 * values are in the inputs; a pending Login last, through the form's own submit.
 */
function useHandoff(
  take: (() => LoginHandoff | null) | undefined,
  restore: (values: LoginHandoff['values'], touched: LoginHandoff['touched']) => void,
  setShowPassword: (show: boolean) => void,
  inputs: Record<LoginField, RefObject<HTMLInputElement | null>>,
  formRef: RefObject<HTMLFormElement | null>,
): void {
  const pending = useRef<LoginHandoff | null>(null);
  const [submitPending, setSubmitPending] = useState(false);
  useLayoutEffect(() => {
    const handoff = take?.();
    if (!handoff) return;
    pending.current = handoff;
    restore(handoff.values, handoff.touched);
    setShowPassword(handoff.showPassword);
    // Once, on mount: `take` hands its state over a single time.
  }, []);
  useLayoutEffect(() => {
    const handoff = pending.current;
    if (!handoff) return;
    const { values, focus } = handoff;
    if (inputs.username.current?.value !== values.username || inputs.password.current?.value !== values.password) return;
    pending.current = null;
    if (focus) {
      const input = inputs[focus.field].current;
      input?.focus();
      if (focus.start !== null) input?.setSelectionRange(focus.start, focus.end ?? focus.start);
    }
    if (handoff.submit) setSubmitPending(true);
  });
  useEffect(() => {
    if (!submitPending) return;
    setSubmitPending(false);
    formRef.current?.requestSubmit();
  }, [submitPending, formRef]);
}
