/**
 * Auth payloads and responses of the API as zod schemas, shared by the API client
 * and the server's validation.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { MSG } from './messages';
import { roleSchema } from './roles';

/** Longest short text field (names, usernames, ids) the API accepts. */
export const SHORT_TEXT_MAX = 200;

/**
 * The characters a username may hold once NFKC-normalised (full-width letters become plain
 * ones): ASCII letters, digits, '.', '_', '-' and '@'. Nothing invisible (zero-width spaces,
 * joiners), no direction controls and no look-alike letters of other scripts, so a name shown
 * as 'hr' is the account 'hr'.
 */
const USERNAME_CHARS_RE = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_CHARS_MSG = 'Username hanya boleh berisi huruf a-z, angka, titik, garis bawah, tanda hubung, atau @ (tanpa spasi)';

/** A username as typed: NFKC-normalised and trimmed, required. */
const typedUsername = (requiredMessage: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Username tidak valid') })
    .transform((value) => value.normalize('NFKC').trim())
    .pipe(z.string().min(1, requiredMessage).max(SHORT_TEXT_MAX, `Username maksimal ${SHORT_TEXT_MAX} karakter`));

/**
 * A username written to an account (add, edit, own profile): required, at most 200 characters,
 * only USERNAME_CHARS_RE characters (USERNAME_CHARS_MSG otherwise).
 */
export const usernameSchema = (requiredMessage: string = MSG.usernameRequired) =>
  typedUsername(requiredMessage).refine((value) => USERNAME_CHARS_RE.test(value), USERNAME_CHARS_MSG);

/** Body of POST /api/auth/login. */
export const loginRequestSchema = lazySchema(() => z.object({
  username: z.string().transform((value) => value.normalize('NFKC')).pipe(z.string().trim().min(1, MSG.usernameRequired).max(SHORT_TEXT_MAX)),
  password: z.string().min(1, MSG.passwordRequired).max(SHORT_TEXT_MAX),
}));
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Labels of a user's optional name fields (the forms' labels, and the start of their messages). */
export const USER_NAME_LABELS = { nama_lengkap: 'Nama Lengkap', jabatan: 'Jabatan' } as const;

/**
 * A user's optional name field (full name or job title, printed under their signature):
 * trimmed, at most 200 characters; blank or null → null (cleared); left out → undefined (kept
 * as stored on an update, null on a create).
 */
export const optionalUserText = (label: string) =>
  z
    .string({ error: `${label} tidak valid` })
    .trim()
    .max(SHORT_TEXT_MAX, `${label} maksimal ${SHORT_TEXT_MAX} karakter`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))
    // Optional in the parsed type too: callers may leave the fields out.
    .optional();

/** The optional name fields of a user write (POST/PUT /api/users, PUT /api/auth/profile). */
export const userNameFields = () => ({
  nama_lengkap: optionalUserText(USER_NAME_LABELS.nama_lengkap),
  jabatan: optionalUserText(USER_NAME_LABELS.jabatan),
});

/** A user as the API returns it: never a password. */
export const userSchema = lazySchema(() => z.object({
  id: z.number().int(),
  employee_id: z.string(),
  employeeId: z.string().optional(),
  username: z.string(),
  role: roleSchema,
  signature_url: z.string().nullable().optional(),
  /** Full name printed under the signature; null when unset (the username is printed). */
  nama_lengkap: z.string().nullable().optional(),
  /** Job title printed under the full name; null when unset. */
  jabatan: z.string().nullable().optional(),
}));

/** ISO weekday numbers, 1 = Monday … 7 = Sunday. */
const weekdaysSchema = lazySchema(() => z.array(z.number().int().min(1).max(7)));

/**
 * The logged-in user as GET /api/auth/profile answers it: the user and the server's working days
 * of attendance (`hari_kerja`, its HARI_KERJA setting), which the device keeps for the marking
 * screen. Optional here: PUT /api/auth/profile answers the user without them. The role is read as
 * any string, so an unexpected role reaches the dashboard's 'Role tidak dikenali' text.
 */
export const sessionUserSchema = lazySchema(() =>
  userSchema.extend({ role: z.string(), hari_kerja: weekdaysSchema.optional(), terima_pengingat: z.boolean().optional() }),
);

/** The answer's `data` of PUT /api/auth/profile: the user and its 'Terima pengingat' switch. */
export const profileUpdateAnswerUserSchema = lazySchema(() => userSchema.extend({ terima_pengingat: z.boolean() }));

/** The answer's `data` of GET /api/auth/profile (the server always sends `hari_kerja` and `terima_pengingat`). */
export const profileAnswerUserSchema = lazySchema(() => userSchema.extend({ hari_kerja: weekdaysSchema, terima_pengingat: z.boolean() }));

/** Response of POST /api/auth/login. */
export const loginResponseSchema = lazySchema(() => z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Body of PUT /api/auth/profile: the username, and the full name, title and 'Terima pengingat' switch when sent. */
export const updateProfileSchema = lazySchema(() => z.object({
  username: usernameSchema(),
  ...userNameFields(),
  terima_pengingat: z.boolean({ error: 'Terima pengingat harus true atau false' }).optional(),
}));
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

/** Body of PUT /api/auth/password. */
export const changePasswordSchema = lazySchema(() => z.object({
  currentPassword: z.string().min(1, MSG.passwordBothRequired).max(SHORT_TEXT_MAX),
  newPassword: z.string().min(1, MSG.passwordBothRequired).min(4, MSG.passwordMin).max(SHORT_TEXT_MAX),
}));
export type ChangePassword = z.infer<typeof changePasswordSchema>;

// The login form's rule lives in ./login (zod-free, on the app's start-up path).
export { loginFieldError } from './login';
