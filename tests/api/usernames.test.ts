// Usernames refuse invisible and direction-control characters on every write (POST/PUT
// /api/users, PUT /api/auth/profile): 400 with the rule's message, nothing changed. A mentor can
// not rename itself 'hr' + a zero-width space.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_CHARS_MSG } from '../../src/domain/auth';
import { users } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens } from '../helpers/api';
import { type TestApp, buildTestApp, testDbKind } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const usernames = async () => (await t.db.select({ username: users.username }).from(users).orderBy(users.id)).map((row) => row.username);

describe(`usernames (${testDbKind()})`, () => {
  it.each(['hr\u200B', '\u202Ehr', 'h\u2066r', 'h\u00A0r'])('should refuse %j on the profile, on an add and on an edit', async (username) => {
    const before = await usernames();
    const own = await call(t, 'PUT', '/api/auth/profile', tokens.mentor, { username });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: USERNAME_CHARS_MSG });
    const added = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'ZW-1', username, password: 'rahasia1', role: 'Mentor' });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ message: USERNAME_CHARS_MSG });
    const [mentor] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'mentor'));
    const edited = await call(t, 'PUT', `/api/users/${mentor?.id}`, tokens.hr, { username, role: 'Mentor' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toEqual({ message: USERNAME_CHARS_MSG });
    expect(await usernames()).toEqual(before);
  });

  it('should store the NFKC form of a full-width name, which then collides with the plain one', async () => {
    const added = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'FW-1', username: '\uFF44\uFF45\uFF57\uFF49', password: 'rahasia1', role: 'Mentor' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.username).toBe('dewi');
    const again = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'FW-2', username: 'dewi', password: 'rahasia1', role: 'Mentor' });
    expect(again.statusCode).toBe(409);
  });
});
