// Logging in from tests: the demo accounts' passwords come from the seed data.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from '../../server/db/seed-data';

/** POST /api/auth/login with these credentials. */
export function login(app: FastifyInstance, username: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

/** A token of a demo account (by username); fails the test when the login fails. */
export async function tokenFor(app: FastifyInstance, username: string): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
  if (!account) throw new Error(`no demo account '${username}'`);
  const response = await login(app, account.username, account.password);
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** The Authorization header of a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
