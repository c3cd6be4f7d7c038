/**
 * Auth calls of the API: login, profile, username change, password change. Each
 * returns parsed data or throws an ApiError whose message is the server's text, else the
 * product's fallback text for that call.
 */
import { z } from 'zod';
import { lazySchema } from '@/domain/lazy-schema';
import { sessionUserSchema, type ChangePassword, type UpdateProfile } from '@/domain/auth';
import { MSG } from '@/domain/messages';
import type { ApiClient } from './client';

export { sessionUserSchema };
export type SessionUser = z.infer<typeof sessionUserSchema>;

const profileResponseSchema = lazySchema(() => z.object({ data: sessionUserSchema }));
/** PUT /api/auth/password answers a fresh token: the change ended every other session of the user. */
const passwordResponseSchema = lazySchema(() => z.object({ token: z.string().min(1) }).loose());

// Login and the profile load run at start-up: they live in ./session-auth, without zod.
export { getProfile, login } from './session-auth';

/** PUT /api/auth/profile {username}: the updated user. */
export async function updateProfile(api: ApiClient, body: UpdateProfile): Promise<SessionUser> {
  const res = await api.put('/api/auth/profile', body, {
    schema: profileResponseSchema,
    fallbackMessage: MSG.profileUpdateFailed,
  });
  return res.data;
}

/**
 * PUT /api/auth/password {currentPassword, newPassword}: the fresh token of this session (every
 * other session of the user ends); a wrong current password rejects (400).
 */
export async function changePassword(api: ApiClient, body: ChangePassword): Promise<string> {
  const res = await api.put('/api/auth/password', body, {
    schema: passwordResponseSchema,
    fallbackMessage: MSG.profileUpdateFailed,
  });
  return res.token;
}
