/**
 * The auth calls the app needs before any screen: login (the login page) and the profile (the
 * session start-up). Same contract as ./auth, whose other calls use zod; these check the
 * answers with the zod-free parsers of src/domain/login, so zod stays out of the first-route
 * JS (its budget: docs/performance.md). Each returns parsed data or throws an ApiError whose message is the server's
 * text, else the product's fallback text for that call.
 */
import type { LoginRequest } from '@/domain/auth';
import { type LoginAnswer, parseLoginResponse, parseProfileResponse, type SessionUser } from '@/domain/login';
import { MSG } from '@/domain/messages';
import { type ApiClient, parser } from './client';

export type { SessionUser } from '@/domain/login';

const loginAnswer = parser(parseLoginResponse);
const profileAnswer = parser(parseProfileResponse);

/** POST /api/auth/login: the token and the user; a wrong password rejects with the server's 401 text. */
export function login(api: ApiClient, body: LoginRequest): Promise<LoginAnswer> {
  return api.post('/api/auth/login', body, {
    auth: false,
    schema: loginAnswer,
    fallbackMessage: MSG.networkError,
    networkMessage: MSG.networkError,
  });
}

/** GET /api/auth/profile: the logged-in user. */
export async function getProfile(api: ApiClient, timeoutMs?: number): Promise<SessionUser> {
  const res = await api.get('/api/auth/profile', profileAnswer, {
    fallbackMessage: MSG.profileLoadFailed,
    timeoutMs,
  });
  return res.data;
}
