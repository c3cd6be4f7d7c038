import { describe, expect, it } from 'vitest';
import { changePasswordSchema, loginFieldError, loginRequestSchema } from '@/domain/auth';

describe('loginFieldError', () => {
  it.each([
    ['username', '', 'Username wajib diisi'],
    ['username', '   ', 'Username wajib diisi'],
    ['username', 'hr', null],
    ['password', '', 'Password wajib diisi'],
    ['password', 'abc', 'Password minimal 4 karakter'],
    ['password', 'abcd', null],
  ] as const)('should check %s %j: %s', (field, value, expected) => {
    expect(loginFieldError(field, value)).toBe(expected);
  });
});

describe('loginRequestSchema', () => {
  it('should trim the username and keep the password as typed', () => {
    expect(loginRequestSchema.parse({ username: ' hr ', password: ' x ' })).toEqual({ username: 'hr', password: ' x ' });
  });
  it.each([
    [{ username: '', password: 'hr1234' }, 'Username wajib diisi'],
    [{ username: 'hr', password: '' }, 'Password wajib diisi'],
  ])('should refuse %j with its message', (body, message) => {
    const result = loginRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
  it('should refuse a username over 200 characters', () => {
    expect(loginRequestSchema.safeParse({ username: 'a'.repeat(201), password: 'abcd' }).success).toBe(false);
  });
});

describe('changePasswordSchema', () => {
  it('should ask for both passwords', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'abcd' });
    expect(result.error?.issues[0]?.message).toBe('Isi password lama & baru!');
  });
  it('should refuse a new password shorter than 4 characters', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'lama', newPassword: 'abc' });
    expect(result.error?.issues[0]?.message).toBe('Password minimal 4 karakter');
  });
});

describe('changePasswordSchema with an empty new password', () => {
  it('should ask for both passwords first', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'lama', newPassword: '' });
    expect(result.error?.issues[0]?.message).toBe('Isi password lama & baru!');
  });
});
