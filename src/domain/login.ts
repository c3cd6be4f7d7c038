/**
 * The login form's rule and the checks of the login and profile answers, without zod: the
 * login page and the session start-up need them before any screen, and zod stays out of the
 * first-route JS (its budget: docs/performance.md). They accept exactly what ./auth's `loginResponseSchema` and the
 * profile schema (`userSchema` with any role string) accept, and return the same objects
 * (unknown fields dropped); tests/domain/login.test.ts holds them to that.
 */
import { MSG } from './messages';
import { ROLES, type Role } from './role-access';

/** A user as the API returns it (never a password); `role` as the answer spells it. */
interface LoginUser<R extends string = Role> {
  id: number;
  employee_id: string;
  employeeId?: string;
  username: string;
  role: R;
  signature_url?: string | null;
  /** Full name printed under the signature; null when unset. */
  nama_lengkap?: string | null;
  /** Job title printed under the full name; null when unset. */
  jabatan?: string | null;
  /** The server's working days of attendance, ISO weekdays (only GET /api/auth/profile sends them). */
  hari_kerja?: number[];
  /** The profile's 'Terima pengingat' switch (only the profile endpoints send it). */
  terima_pengingat?: boolean;
}

/** A field that may be absent, null or a string. */
const isOptionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** The logged-in user of the profile endpoints: any role string, so an unknown role reaches the dashboard's text. */
export type SessionUser = LoginUser<string>;

/** Answer of POST /api/auth/login. */
export interface LoginAnswer {
  token: string;
  user: LoginUser;
}

/** Client-side login form check (both fields required): the message for a field, or null. */
export function loginFieldError(field: 'username' | 'password', value: string): string | null {
  if (field === 'username') return value.trim() === '' ? MSG.usernameRequired : null;
  if (value === '') return MSG.passwordRequired;
  if (value.length < 4) return MSG.passwordMin;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ISO weekday numbers: integers 1 (Monday) … 7 (Sunday). */
const isWeekdayList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((day) => typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 7);

/** The profile's user (role: any string) with only the known fields, or null when malformed. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  const { id, employee_id, employeeId, username, role, signature_url, nama_lengkap, jabatan, hari_kerja, terima_pengingat } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof employee_id !== 'string' || typeof username !== 'string' || typeof role !== 'string') return null;
  if (employeeId !== undefined && typeof employeeId !== 'string') return null;
  if (!isOptionalText(signature_url) || !isOptionalText(nama_lengkap) || !isOptionalText(jabatan)) return null;
  if (hari_kerja !== undefined && !isWeekdayList(hari_kerja)) return null;
  if (terima_pengingat !== undefined && typeof terima_pengingat !== 'boolean') return null;
  const user: SessionUser = { id, employee_id, username, role };
  if (employeeId !== undefined) user.employeeId = employeeId;
  if (signature_url !== undefined) user.signature_url = signature_url as string | null;
  if (nama_lengkap !== undefined) user.nama_lengkap = nama_lengkap as string | null;
  if (jabatan !== undefined) user.jabatan = jabatan as string | null;
  if (hari_kerja !== undefined) user.hari_kerja = [...hari_kerja];
  if (terima_pengingat !== undefined) user.terima_pengingat = terima_pengingat;
  return user;
}

/** The login answer `{token, user}` (user's role one of ROLES), or null when malformed. */
export function parseLoginResponse(value: unknown): LoginAnswer | null {
  if (!isRecord(value) || typeof value.token !== 'string') return null;
  // The login answer carries no working days (only the profile's does): any there are ignored.
  const user = parseSessionUser(isRecord(value.user) ? { ...value.user, hari_kerja: undefined } : value.user);
  if (!user || !(ROLES as readonly string[]).includes(user.role)) return null;
  return { token: value.token, user: user as LoginUser };
}

/** The profile answer `{data: user}`: the user, or null when malformed. */
export function parseProfileResponse(value: unknown): { data: SessionUser } | null {
  if (!isRecord(value)) return null;
  const data = parseSessionUser(value.data);
  return data ? { data } : null;
}
