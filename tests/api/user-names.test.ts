// A user's optional full name (nama_lengkap) and job title (jabatan), printed under their
// signature: set by HR (POST/PUT /api/users) and by the user (PUT /api/auth/profile), read in
// GET /api/users and GET /api/auth/profile. Trimmed; blank or null clears; left out keeps; over
// 200 characters is 400 with the field's message and nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { type DemoUsername, call, demoTokens, demoNames } from '../helpers/api';
import { type TestApp, buildTestApp } from '../helpers/build-app';

let t: TestApp;
let tokens: Record<DemoUsername, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const stored = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const namesOf = async (id: number) => {
  const row = await stored(id);
  return { nama_lengkap: row?.nama_lengkap, jabatan: row?.jabatan };
};
const TOO_LONG = 'x'.repeat(201);
const LONGEST = 'y'.repeat(200);

describe('POST /api/users with a full name and title', () => {
  it('should store them trimmed and answer them, and null when blank or left out', async () => {
    const created = await call(t, 'POST', '/api/users', tokens.hr, {
      employee_id: 'NM-1', username: 'nama.satu', password: 'rahasia1', role: 'BusHead',
      nama_lengkap: '  Dr. Dewi Lestari ', jabatan: ' Kepala Divisi Operasional  ',
    });
    expect(created.statusCode).toBe(201);
    const { data } = created.json();
    expect(data).toMatchObject({ username: 'nama.satu', nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Kepala Divisi Operasional' });
    expect(await namesOf(data.id)).toEqual({ nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Kepala Divisi Operasional' });

    for (const [i, extra] of [{}, { nama_lengkap: '   ', jabatan: '' }, { nama_lengkap: null, jabatan: null }].entries()) {
      const response = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: `NM-B${i}`, username: `nama.kosong${i}`, password: 'rahasia1', role: 'Mentor', ...extra });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({ nama_lengkap: null, jabatan: null });
      expect(await namesOf(response.json().data.id)).toEqual({ nama_lengkap: null, jabatan: null });
    }
  });

  it.each([
    { field: 'nama_lengkap', value: TOO_LONG, message: 'Nama Lengkap maksimal 200 karakter' },
    { field: 'jabatan', value: TOO_LONG, message: 'Jabatan maksimal 200 karakter' },
    { field: 'nama_lengkap', value: 42, message: 'Nama Lengkap tidak valid' },
    { field: 'jabatan', value: ['Kepala'], message: 'Jabatan tidak valid' },
  ])('should answer 400 "$message" for $field = $value and store nothing', async ({ field, value, message }) => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const response = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'NM-X', username: 'nama.tolak', password: 'rahasia1', role: 'Mentor', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('should take 200 characters', async () => {
    const response = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'NM-L', username: 'nama.panjang', password: 'rahasia1', role: 'Pembimbing', nama_lengkap: LONGEST, jabatan: LONGEST });
    expect(response.statusCode).toBe(201);
    expect(await namesOf(response.json().data.id)).toEqual({ nama_lengkap: LONGEST, jabatan: LONGEST });
  });
});

describe('PUT /api/users/:id with a full name and title', () => {
  it('should set them, keep them when left out, and clear them when blank or null', async () => {
    const created = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: 'NM-2', username: 'nama.dua', password: 'rahasia1', role: 'Pembimbing' });
    const id = created.json().data.id as number;
    const put = (extra: object) => call(t, 'PUT', `/api/users/${id}`, tokens.hr, { username: 'nama.dua', role: 'Pembimbing', ...extra });

    const set = await put({ nama_lengkap: ' Budi Santoso, S.Kom. ', jabatan: 'Supervisor Keuangan' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: 'Supervisor Keuangan' });

    const kept = await put({});
    expect(kept.json().data).toMatchObject({ nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: 'Supervisor Keuangan' });
    expect(await namesOf(id)).toEqual({ nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: 'Supervisor Keuangan' });

    const one = await put({ jabatan: '  ' });
    expect(one.json().data).toMatchObject({ nama_lengkap: 'Budi Santoso, S.Kom.', jabatan: null });
    const cleared = await put({ nama_lengkap: null });
    expect(cleared.json().data).toMatchObject({ nama_lengkap: null, jabatan: null });
    expect(await namesOf(id)).toEqual({ nama_lengkap: null, jabatan: null });

    // GET /api/users lists them.
    await put({ nama_lengkap: 'Budi Santoso', jabatan: 'Supervisor' });
    const listed = (await call(t, 'GET', '/api/users', tokens.pembimbing)).json().data as { id: number }[];
    expect(listed.find((user) => user.id === id)).toMatchObject({ nama_lengkap: 'Budi Santoso', jabatan: 'Supervisor' });
  });

  it.each(['nama_lengkap', 'jabatan'])('should answer 400 for a %s over 200 characters and change nothing', async (field) => {
    const created = await call(t, 'POST', '/api/users', tokens.hr, { employee_id: `NM-3-${field}`, username: `nama.tiga.${field}`, password: 'rahasia1', role: 'Mentor', nama_lengkap: 'Andi', jabatan: 'Staf' });
    const id = created.json().data.id as number;
    const before = await stored(id);
    const response = await call(t, 'PUT', `/api/users/${id}`, tokens.hr, { username: 'nama.berubah', role: 'HR', [field]: TOO_LONG });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${field === 'jabatan' ? 'Jabatan' : 'Nama Lengkap'} maksimal 200 karakter` });
    expect(await stored(id)).toEqual(before);
  });
});

describe('the profile with a full name and title', () => {
  it('should show them in GET /api/auth/profile, set them by PUT, keep them when left out and clear them', async () => {
    const profile = async () => (await call(t, 'GET', '/api/auth/profile', tokens.bushead)).json().data;
    expect(await profile()).toMatchObject({ username: 'bushead', ...demoNames('bushead') });

    const put = (body: object) => call(t, 'PUT', '/api/auth/profile', tokens.bushead, { username: 'bushead', ...body });
    const set = await put({ nama_lengkap: ' Dr. Dewi Lestari ', jabatan: ' Business Head ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ username: 'bushead', nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Business Head' });
    expect(await profile()).toMatchObject({ nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Business Head' });

    expect((await put({})).json().data).toMatchObject({ nama_lengkap: 'Dr. Dewi Lestari', jabatan: 'Business Head' });
    expect((await put({ nama_lengkap: '', jabatan: null })).json().data).toMatchObject({ nama_lengkap: null, jabatan: null });
    expect(await profile()).toMatchObject({ nama_lengkap: null, jabatan: null });
  });

  it.each([
    { body: { nama_lengkap: TOO_LONG }, message: 'Nama Lengkap maksimal 200 karakter' },
    { body: { jabatan: TOO_LONG }, message: 'Jabatan maksimal 200 karakter' },
    { body: { nama_lengkap: 7 }, message: 'Nama Lengkap tidak valid' },
  ])('should answer 400 "$message" and change nothing, the username neither', async ({ body, message }) => {
    const [me] = await t.db.select().from(users).where(eq(users.username, 'mentor'));
    const response = await call(t, 'PUT', '/api/auth/profile', tokens.mentor, { username: 'mentor.lain', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await stored(me?.id ?? 0)).toEqual(me);
  });
});
