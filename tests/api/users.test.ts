import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTER_MSG } from '../../src/domain/master-data';
import { MSG, SERVER_MSG } from '../../src/domain/messages';
import { verifyPassword } from '../../server/auth/password';
import { deletions, peserta, users } from '../../server/db/schema';
import { HttpError } from '../../server/http-error';
import { deleteUser } from '../../server/services/users';
import { BAD_IDS, DEMO_ROLES, type DemoUsername, NON_HR, call, demoTokens, findKeys, tokenOf, demoNames } from '../helpers/api';
import { login } from '../helpers/auth';
import { type TestApp, buildTestApp } from '../helpers/build-app';

/** Every users response body of this file: none may carry a password or its hash. */
const bodies: unknown[] = [];
async function track<T extends { body: string }>(promise: Promise<T>): Promise<T> {
  const response = await promise;
  bodies.push(response.body ? JSON.parse(response.body) : null);
  return response;
}

afterAll(() => {
  expect(bodies.length).toBeGreaterThan(40);
  for (const body of bodies) {
    expect(findKeys(body, ['password', 'password_hash', 'passwordHash'])).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('scrypt$');
  }
});

const demoUser = (id: number, username: DemoUsername) => ({
  id,
  employee_id: `EMP00${id}`,
  employeeId: `EMP00${id}`,
  username,
  role: DEMO_ROLES[username],
  signature_url: null,
  ...demoNames(username),
});
const DEMO_USERS = [demoUser(1, 'hr'), demoUser(2, 'pembimbing'), demoUser(3, 'mentor'), demoUser(4, 'bushead')];

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const newUser = async (employee_id: string, username: string, role = 'Mentor') => {
  const response = await track(call(t, 'POST', '/api/users', tokens.hr, { employee_id, username, password: 'rahasia1', role }));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; username: string };
};

describe('GET /api/users', () => {
  it.each(['hr', 'pembimbing'] as const)('should list every user by id for %s', async (who) => {
    const response = await track(call(t, 'GET', '/api/users?role=', tokens[who]));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.slice(0, 4)).toEqual(DEMO_USERS);
  });

  it.each(['mentor', 'bushead'] as const)('should refuse %s with 403', async (who) => {
    const response = await track(call(t, 'GET', '/api/users', tokens[who]));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
  });

  it('should answer 401 without a token', async () => {
    const response = await track(call(t, 'GET', '/api/users'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: SERVER_MSG.unauthenticated });
  });

  it.each([
    ['role=Mentor', ['mentor']],
    ['role=BusHead', ['bushead']],
    ['search=PEMB', ['pembimbing']],
    ['search=emp003', ['mentor']],
    ['search=%20EMP00%20', ['hr', 'pembimbing', 'mentor', 'bushead']],
    ['search=emp&role=HR', ['hr']],
    ['search=%25', []],
    ['search=_', []],
  ])('should filter with %s', async (query, expected) => {
    const response = await track(call(t, 'GET', `/api/users?${query}`, tokens.hr));
    expect(response.statusCode).toBe(200);
    const names = (response.json().data as { username: string }[]).map((user) => user.username);
    expect(names.filter((name) => name in DEMO_ROLES)).toEqual(expected);
  });

  it.each([
    ['role=mentor', SERVER_MSG.invalidRole],
    ['role=Admin', SERVER_MSG.invalidRole],
    ['role=HR&role=Mentor', SERVER_MSG.invalidRole],
    [`search=${'x'.repeat(201)}`, 'Search maksimal 200 karakter'],
  ])('should answer 400 for %s', async (query, message) => {
    const response = await track(call(t, 'GET', `/api/users?${query}`, tokens.hr));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('GET /api/users/role/:role', () => {
  it.each(['hr', 'pembimbing'] as const)('should list the users of one role for %s', async (who) => {
    const response = await track(call(t, 'GET', '/api/users/role/Mentor', tokens[who]));
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { role: string }[];
    expect(data[0]).toEqual(DEMO_USERS[2]);
    expect(data.every((user) => user.role === 'Mentor')).toBe(true);
  });

  it.each(['mentor', 'bushead'] as const)('should refuse %s with 403', async (who) => {
    expect((await track(call(t, 'GET', '/api/users/role/Mentor', tokens[who]))).statusCode).toBe(403);
  });

  it('should answer 401 without a token', async () => {
    expect((await track(call(t, 'GET', '/api/users/role/Mentor'))).statusCode).toBe(401);
  });

  it.each(['mentor', 'Admin', '1'])('should answer 400 for the role %s', async (role) => {
    const response = await track(call(t, 'GET', `/api/users/role/${role}`, tokens.hr));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidRole });
  });
});

describe('POST /api/users', () => {
  it('should create an HR account, store a working hash and answer 201', async () => {
    const response = await track(
      call(t, 'POST', '/api/users', tokens.hr, { employee_id: ' EMP100 ', username: ' budi ', password: 'rahasia1', role: 'HR' }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: data.id, employee_id: 'EMP100', employeeId: 'EMP100', username: 'budi', role: 'HR', signature_url: null, nama_lengkap: null, jabatan: null });
    const row = await stored(data.id);
    expect(row).toMatchObject({ employee_id: 'EMP100', username: 'budi', role: 'HR' });
    expect(await verifyPassword('rahasia1', row?.password_hash ?? '')).toBe(true);
    expect((await login(t.app, 'budi', 'rahasia1')).statusCode).toBe(200);
  });

  it('should store the role given', async () => {
    const user = await newUser('EMP101', 'sari', 'Pembimbing');
    expect((await stored(user.id))?.role).toBe('Pembimbing');
  });

  it.each([undefined, null, ''])('should answer 400 for the role %j (no default) and store nothing', async (role) => {
    const before = await t.db.select().from(users);
    const response = await track(
      call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'EMP102', username: 'tanpa.role', password: 'abcd', role }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.roleRequired });
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });

  it.each([
    [{ employee_id: 'EMP900', username: 'MENTOR', password: 'abcd', role: 'Mentor' }, SERVER_MSG.usernameTaken],
    [{ employee_id: 'EMP003', username: 'baru', password: 'abcd', role: 'HR' }, SERVER_MSG.employeeIdTaken],
    [{ employee_id: 'emp003', username: 'baru', password: 'abcd', role: 'HR' }, SERVER_MSG.employeeIdTaken],
  ])('should answer 409 for %j and store nothing', async (payload, message) => {
    const before = await t.db.select().from(users);
    const response = await track(call(t, 'POST', '/api/users', tokens.hr, payload));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message });
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });

  it.each([
    [{ username: 'a', password: 'abcd' }, 'ID wajib diisi'],
    [{ employee_id: ' ', username: 'a', password: 'abcd' }, 'ID wajib diisi'],
    [{ employee_id: 'E1', password: 'abcd' }, MSG.usernameRequired],
    [{ employee_id: 'E1', username: 'a' }, MSG.passwordRequired],
    [{ employee_id: 'E1', username: 'a', password: 'abc' }, MSG.passwordMin],
    [{ employee_id: 'E1', username: 'a', password: 'abcd', role: 'Admin' }, 'Role tidak valid'],
    [{ employee_id: 'E1', username: 42, password: 'abcd' }, 'Username tidak valid'],
    [{ employee_id: 'E1', username: 'x'.repeat(201), password: 'abcd' }, 'Username maksimal 200 karakter'],
    [{ employee_id: 'E'.repeat(201), username: 'a', password: 'abcd' }, 'ID maksimal 200 karakter'],
    [[], SERVER_MSG.invalidInput],
    ['null', SERVER_MSG.invalidInput],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await track(call(t, 'POST', '/api/users', tokens.hr, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 400 without a body', async () => {
    const response = await track(call(t, 'POST', '/api/users', tokens.hr));
    expect(response.statusCode).toBe(400);
  });
});

describe('PUT /api/users/:id', () => {
  it('should change username and role, keep the password when none is given, and bump updated_at', async () => {
    const user = await newUser('EMP200', 'andi');
    const before = await stored(user.id);
    for (const extra of [{}, { password: '' }, { password: null }, { employee_id: 'EMP200' }]) {
      const response = await track(
        call(t, 'PUT', `/api/users/${user.id}`, tokens.hr, { username: 'andi.baru', role: 'BusHead', ...extra }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        id: user.id, employee_id: 'EMP200', employeeId: 'EMP200', username: 'andi.baru', role: 'BusHead', signature_url: null, nama_lengkap: null, jabatan: null,
      });
    }
    const row = await stored(user.id);
    expect(row).toMatchObject({ employee_id: 'EMP200', username: 'andi.baru', role: 'BusHead', password_hash: before?.password_hash });
    expect(row?.updated_at.getTime()).toBeGreaterThan(before?.updated_at.getTime() ?? Infinity);
  });

  it('should change the password when one is given', async () => {
    const user = await newUser('EMP201', 'joko');
    const response = await track(call(t, 'PUT', `/api/users/${user.id}`, tokens.hr, { username: 'joko', role: 'Mentor', password: 'baru1234' }));
    expect(response.statusCode).toBe(200);
    expect(await verifyPassword('baru1234', (await stored(user.id))?.password_hash ?? '')).toBe(true);
    expect((await login(t.app, 'joko', 'rahasia1')).statusCode).toBe(401);
  });

  it.each([
    ['another ID', () => 'EMP999'],
    ['an empty ID', () => ''],
    ['the ID in another case', (own: string) => own.toLowerCase()],
    ['an ID over 200 characters', () => 'E'.repeat(201)],
  ])('should refuse %s with 400 and change nothing', async (_name, sent) => {
    const own = `EMP2${bodies.length}`;
    const user = await newUser(own, `tono${bodies.length}`);
    const response = await track(call(t, 'PUT', `/api/users/${user.id}`, tokens.hr, { employee_id: sent(own), username: 'lain', role: 'HR' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MASTER_MSG.employeeIdFixed });
    expect(await stored(user.id)).toMatchObject({ employee_id: own, username: user.username, role: 'Mentor' });
  });

  it('should answer 409 for a username another user has', async () => {
    const user = await newUser('EMP203', 'rudi');
    const response = await track(call(t, 'PUT', `/api/users/${user.id}`, tokens.hr, { username: 'Pembimbing', role: 'Mentor' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: SERVER_MSG.usernameTaken });
    expect((await stored(user.id))?.username).toBe('rudi');
  });

  it.each([
    [{ role: 'Mentor' }, MSG.usernameRequired],
    [{ username: 'a' }, 'Role wajib diisi'],
    [{ username: 'a', role: 'Mentor', password: 'abc' }, MSG.passwordMin],
    [{ username: 'a', role: 'Mentor', password: 1234 }, 'Password tidak valid'],
  ])('should answer 400 for %j', async (payload, message) => {
    const response = await track(call(t, 'PUT', '/api/users/3', tokens.hr, payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('should answer 404 for an unknown id, also beyond the id range', async () => {
    for (const id of ['9999', '99999999999']) {
      const response = await track(call(t, 'PUT', `/api/users/${id}`, tokens.hr, { username: 'x', role: 'HR' }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SERVER_MSG.notFound });
    }
  });

  it.each(BAD_IDS)('should answer 400 for the id %j', async (id) => {
    const response = await track(call(t, 'PUT', `/api/users/${id}`, tokens.hr, { username: 'x', role: 'HR' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.invalidId });
  });
});

describe('DELETE /api/users/:id', () => {
  it('should delete, leave a tombstone and unassign the participants (bumping them)', async () => {
    const user = await newUser('EMP300', 'mentor.dua');
    const [assigned] = await t.db.update(peserta).set({ mentor_id: user.id }).where(eq(peserta.id, 1)).returning();
    const response = await track(call(t, 'DELETE', `/api/users/${user.id}`, tokens.hr));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: user.id } });
    expect(await stored(user.id)).toBeUndefined();
    const tombstones = await t.db.select().from(deletions).where(and(eq(deletions.entity, 'users'), eq(deletions.entity_id, user.id)));
    expect(tombstones).toHaveLength(1);
    const [row] = await t.db.select().from(peserta).where(eq(peserta.id, 1));
    expect(row?.mentor_id).toBeNull();
    expect(row?.updated_at.getTime()).toBeGreaterThan(assigned?.updated_at.getTime() ?? Infinity);
  });

  it('should end the deleted user\'s session', async () => {
    const user = await newUser('EMP301', 'pergi');
    const token = await tokenOf(t, 'pergi');
    expect((await track(call(t, 'DELETE', `/api/users/${user.id}`, tokens.hr))).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/auth/profile', token)).statusCode).toBe(401);
  });

  it('should refuse deleting your own account with 400', async () => {
    const response = await track(call(t, 'DELETE', '/api/users/1', tokens.hr));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: SERVER_MSG.cannotDeleteSelf });
    expect(await stored(1)).toBeDefined();
  });

  it('should answer 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await track(call(t, 'DELETE', '/api/users/9999', tokens.hr))).json()).toEqual({ message: SERVER_MSG.notFound });
    for (const id of BAD_IDS) expect((await track(call(t, 'DELETE', `/api/users/${id}`, tokens.hr))).statusCode).toBe(400);
  });
});

describe('HR-only user mutations', () => {
  const mutations = [
    ['POST /api/users', 'POST', '/api/users', { employee_id: 'EMP777', username: 'x', password: 'abcd', role: 'HR' }],
    ['PUT /api/users/3', 'PUT', '/api/users/3', { username: 'x', role: 'HR' }],
    ['DELETE /api/users/3', 'DELETE', '/api/users/3', undefined],
  ] as const;

  it.each(NON_HR.flatMap((who) => mutations.map((m) => [who, ...m] as const)))(
    'should refuse %s on %s with 403 and change nothing',
    async (who, _name, method, url, payload) => {
      const before = await t.db.select().from(users).orderBy(users.id);
      const response = await track(call(t, method, url, tokens[who], payload));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: SERVER_MSG.forbidden });
      expect(await t.db.select().from(users).orderBy(users.id)).toEqual(before);
    },
  );

  it.each(mutations)('should answer 401 on %s without a token', async (_name, method, url, payload) => {
    expect((await track(call(t, method, url, null, payload))).statusCode).toBe(401);
  });
});

describe('the last HR account', () => {
  let solo: TestApp;
  beforeAll(async () => {
    solo = await buildTestApp({ seed: 'none' });
  });
  afterAll(() => solo.close());

  it('should not lose its role (409), but may keep it', async () => {
    const token = await tokenOf(solo, 'hr');
    const refused = await track(call(solo, 'PUT', '/api/users/1', token, { username: 'hr', role: 'Mentor' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SERVER_MSG.lastHrRoleChange });
    const [row] = await solo.db.select().from(users).where(eq(users.id, 1));
    expect(row?.role).toBe('HR');
    expect((await track(call(solo, 'PUT', '/api/users/1', token, { username: 'hr.utama', role: 'HR' }))).statusCode).toBe(200);
  });

  it('should not be deleted (409)', async () => {
    // Through HTTP an HR caller is itself an HR account, so only the service can be asked.
    await expect(deleteUser(solo.db, 1, { id: 999 })).rejects.toEqual(new HttpError(409, SERVER_MSG.lastHrDelete));
    expect(await solo.db.select().from(users).where(eq(users.id, 1))).toHaveLength(1);
  });

  it('should survive two HR accounts deleting each other at once', async () => {
    const first = await tokenOf(solo, 'hr.utama');
    const created = await track(call(solo, 'POST', '/api/users', first, { employee_id: 'EMP002', username: 'hr2', password: 'abcd', role: 'HR' }));
    const second = await tokenOf(solo, 'hr2');
    const responses = await Promise.all([
      track(call(solo, 'DELETE', `/api/users/${created.json().data.id}`, first)),
      track(call(solo, 'DELETE', '/api/users/1', second)),
    ]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([401, 409]).toContain(statuses[1]);
    expect(await solo.db.select().from(users).where(eq(users.role, 'HR'))).toHaveLength(1);
  });
});
