import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { MagangDb } from '@/db/db';
import { readHariKerja } from '@/db/meta';
import { pullHariKerja } from '@/sync/pull-hari-kerja';

let db: MagangDb;
let n = 0;
beforeEach(() => {
  db = new MagangDb(`pull-hari-kerja-${n++}`);
});
afterEach(async () => {
  await db.delete();
});

/** A fake API answering GET /api/auth/profile with `body` (status 200) and recording the paths asked. */
function profileApi(body: unknown, paths: string[] = []) {
  return createApiClient({
    getToken: () => 'tok',
    fetch: async (input) => {
      paths.push(new URL(String(input), 'http://localhost').pathname);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

const mentor = { id: 3, employee_id: 'EMP003', username: 'mentor', role: 'Mentor' };

describe('pullHariKerja', () => {
  it("should keep the profile's working days in meta", async () => {
    const paths: string[] = [];
    await pullHariKerja(profileApi({ data: { ...mentor, hari_kerja: [1, 2, 3, 4, 5] } }, paths), db);
    expect(paths).toEqual(['/api/auth/profile']);
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5]);
  });

  it('should keep the last working days when the answer has none', async () => {
    await pullHariKerja(profileApi({ data: { ...mentor, hari_kerja: [1, 2, 3, 4, 5, 6, 7] } }), db);
    await pullHariKerja(profileApi({ data: mentor }), db);
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should reject a malformed answer and store nothing', async () => {
    await expect(pullHariKerja(profileApi({ data: { ...mentor, hari_kerja: [0, 8] } }), db)).rejects.toThrow();
    expect(await readHariKerja(db)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
