/**
 * What a user did on the login page's HTML before the app's JS had loaded (scripts/login-shell.mjs,
 * src/app/login-shell.ts): LoginPage takes it over on mount, so the takeover loses nothing.
 */
export type LoginField = 'username' | 'password';

export interface LoginHandoff {
  values: Record<LoginField, string>;
  /** Fields the user has left (field errors appear once a field was touched). */
  touched: Record<LoginField, boolean>;
  showPassword: boolean;
  /** The field that had the focus, with its caret or selection. */
  focus: { field: LoginField; start: number | null; end: number | null } | null;
  /** Login (or Enter) was pressed before the app had loaded: submit once it has. */
  submit: boolean;
}
