// The zod-free checks of the login and profile answers (src/domain/login, on the app's start-up
// path) must accept and return exactly what the zod schemas of src/domain/auth do.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginResponseSchema, sessionUserSchema } from '@/domain/auth';
import { parseLoginResponse, parseProfileResponse, parseSessionUser } from '@/domain/login';

const profileResponseSchema = z.object({ data: sessionUserSchema });

const hr = { id: 1, employee_id: 'EMP001', username: 'hr', role: 'HR', signature_url: null };
const USERS: unknown[] = [
  hr,
  { ...hr, signature_url: '/api/users/signature/1' },
  { id: 2, employee_id: 'E2', username: 'x', role: 'Mentor' },
  { ...hr, employeeId: 'EMP001', extra: 'dropped', password: 'never kept' },
  { ...hr, role: 'Admin' },
  { ...hr, role: 'hr' },
  { ...hr, id: 1.5 },
  { ...hr, id: 2 ** 60 },
  { ...hr, id: '1' },
  { ...hr, id: Number.NaN },
  { ...hr, employee_id: 7 },
  { ...hr, username: null },
  { ...hr, role: undefined },
  { ...hr, signature_url: 5 },
  { ...hr, nama_lengkap: 'Hana Rahmawati', jabatan: 'Kepala HR' },
  { ...hr, nama_lengkap: null, jabatan: null },
  { ...hr, nama_lengkap: 5 },
  { ...hr, jabatan: ['Kepala'] },
  { ...hr, employeeId: null },
  { id: 1, username: 'hr', role: 'HR' },
  { ...hr, hari_kerja: [1, 2, 3, 4, 5, 6] },
  { ...hr, hari_kerja: [] },
  { ...hr, hari_kerja: [0, 1] },
  { ...hr, hari_kerja: [1.5] },
  { ...hr, hari_kerja: '1-6' },
  { ...hr, hari_kerja: [8] },
  null,
  'hr',
  [],
  [hr],
];

const zodResult = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
};

describe('parseSessionUser', () => {
  it.each(USERS.map((user) => [user]))('should agree with the zod profile schema on %j', (user) => {
    expect(parseSessionUser(user)).toEqual(zodResult(sessionUserSchema, user));
  });

  it('should drop unknown fields', () => {
    expect(parseSessionUser({ ...hr, password: 'x' })).toStrictEqual(hr);
  });
});

describe('parseLoginResponse', () => {
  it.each(USERS.map((user) => [user]))('should agree with loginResponseSchema on user %j', (user) => {
    const answer = { token: 'jwt', user, extra: 1 };
    expect(parseLoginResponse(answer)).toEqual(zodResult(loginResponseSchema, answer));
  });

  it.each([[{ user: hr }], [{ token: 1, user: hr }], [{ token: 'jwt' }], [null]])('should refuse %j', (answer) => {
    expect(parseLoginResponse(answer)).toBeNull();
    expect(zodResult(loginResponseSchema, answer)).toBeNull();
  });
});

describe('parseProfileResponse', () => {
  it.each(USERS.map((user) => [user]))('should agree with the zod profile answer on %j', (user) => {
    expect(parseProfileResponse({ data: user })).toEqual(zodResult(profileResponseSchema, { data: user }));
  });
});
