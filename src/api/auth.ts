/**
 * Auth calls of spec section 7: login, profile, username change, password change. Each
 * returns parsed data or throws an ApiError whose message is the server's text, else the
 * spec's fallback for that call (section 8).
 */
import { z } from 'zod';
import {
  loginResponseSchema,
  userSchema,
  type ChangePassword,
  type LoginRequest,
  type LoginResponse,
  type UpdateProfile,
} from '@/domain/auth';
import { MSG } from '@/domain/messages';
import type { ApiClient } from './client';

/**
 * The logged-in user as the profile endpoints return it. The role is read as any string so an
 * unexpected role reaches the dashboard's 'Role tidak dikenali' text instead of a parse error.
 */
export const sessionUserSchema = userSchema.extend({ role: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

const profileResponseSchema = z.object({ data: sessionUserSchema });
const messageResponseSchema = z.object({ message: z.string().optional() }).loose();

/** POST /api/auth/login: the token and the user; a wrong password rejects with the server's 401 text. */
export function login(api: ApiClient, body: LoginRequest): Promise<LoginResponse> {
  return api.post('/api/auth/login', body, {
    auth: false,
    schema: loginResponseSchema,
    fallbackMessage: MSG.networkError,
    networkMessage: MSG.networkError,
  });
}

/** GET /api/auth/profile: the logged-in user. */
export async function getProfile(api: ApiClient, timeoutMs?: number): Promise<SessionUser> {
  const res = await api.get('/api/auth/profile', profileResponseSchema, {
    fallbackMessage: MSG.profileLoadFailed,
    timeoutMs,
  });
  return res.data;
}

/** PUT /api/auth/profile {username}: the updated user. */
export async function updateProfile(api: ApiClient, body: UpdateProfile): Promise<SessionUser> {
  const res = await api.put('/api/auth/profile', body, {
    schema: profileResponseSchema,
    fallbackMessage: MSG.profileUpdateFailed,
  });
  return res.data;
}

/** PUT /api/auth/password {currentPassword, newPassword}; a wrong current password rejects (400). */
export async function changePassword(api: ApiClient, body: ChangePassword): Promise<void> {
  await api.put('/api/auth/password', body, {
    schema: messageResponseSchema,
    fallbackMessage: MSG.profileUpdateFailed,
  });
}
