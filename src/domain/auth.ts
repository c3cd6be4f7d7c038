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

/** Body of POST /api/auth/login. */
export const loginRequestSchema = lazySchema(() => z.object({
  username: z.string().trim().min(1, MSG.usernameRequired).max(SHORT_TEXT_MAX),
  password: z.string().min(1, MSG.passwordRequired).max(SHORT_TEXT_MAX),
}));
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A user as the API returns it: never a password. */
export const userSchema = lazySchema(() => z.object({
  id: z.number().int(),
  employee_id: z.string(),
  employeeId: z.string().optional(),
  username: z.string(),
  role: roleSchema,
  signature_url: z.string().nullable().optional(),
}));

/** Response of POST /api/auth/login. */
export const loginResponseSchema = lazySchema(() => z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Body of PUT /api/auth/profile. */
export const updateProfileSchema = lazySchema(() => z.object({
  username: z.string().trim().min(1, MSG.usernameRequired).max(SHORT_TEXT_MAX),
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
