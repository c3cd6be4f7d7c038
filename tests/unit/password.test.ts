import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../server/auth/password';

describe('hashPassword() / verifyPassword()', () => {
  it("should store 'scrypt$N$r$p$salt$hash' with a fresh salt each time", async () => {
    const first = await hashPassword('hr1234');
    const second = await hashPassword('hr1234');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
  });

  it('should verify the right password only', async () => {
    const stored = await hashPassword('rahasia');
    expect(await verifyPassword('rahasia', stored)).toBe(true);
    expect(await verifyPassword('Rahasia', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it.each(['', 'plain', 'scrypt$1$2$3$x', 'bcrypt$16384$8$1$abc$def', 'scrypt$0$8$1$YWJj$ZGVm', 'scrypt$1048576$64$1$YWJj$ZGVm'])(
    'should answer false, not throw, for the malformed hash %j',
    async (stored) => {
      expect(await verifyPassword('x', stored)).toBe(false);
    },
  );

  it('should spend a verification on unknown users and answer false', async () => {
    expect(await verifyAgainstDummy('hr1234')).toBe(false);
  });
});
