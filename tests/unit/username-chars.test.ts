// A username is what it looks like: NFKC-normalised, then only ASCII letters, digits, '.', '_',
// '-' and '@'. The user form and the profile page refuse the rest with the rule's message (the
// same schema the server applies).
import { describe, expect, it } from 'vitest';
import { USERNAME_CHARS_MSG, loginRequestSchema, updateProfileSchema } from '@/domain/auth';
import { userCreateSchema } from '@/domain/master-data';
import { EMPTY_USER_INPUT, validateUserInput } from '@/features/users/save-user';

const filled = { ...EMPTY_USER_INPUT, employee_id: 'EMP9', username: 'budi', password: 'rahasia1' };

describe('the characters of a username', () => {
  it.each([
    ['a zero-width space', 'hr\u200B'],
    ['a zero-width joiner', 'h\u200Dr'],
    ['a right-to-left override', '\u202Ehr'],
    ['a left-to-right mark', 'hr\u200E'],
    ['a byte-order mark', 'h\uFEFFr'],
    ['an inner space', 'h r'],
    ['a Cyrillic look-alike', '\u04BBr'],
    ['a soft hyphen', 'h\u00ADr'],
  ])('should refuse %s, in the user form and on the profile', (_name, username) => {
    expect(validateUserInput({ ...filled, username }, false)).toEqual({ username: USERNAME_CHARS_MSG });
    expect(validateUserInput({ ...filled, username }, true)).toEqual({ username: USERNAME_CHARS_MSG });
    expect(updateProfileSchema.safeParse({ username }).error?.issues[0]?.message).toBe(USERNAME_CHARS_MSG);
  });

  it('should keep ordinary names and store the NFKC form of full-width letters', () => {
    for (const username of ['hr', 'mentor.baru', 'budi_s-2', 'dewi@toko']) expect(validateUserInput({ ...filled, username }, false)).toBeNull();
    expect(userCreateSchema.parse({ employee_id: 'E1', username: ' \uFF4D\uFF45\uFF4E\uFF54\uFF4F\uFF52\uFF0E\uFF42 ', password: 'rahasia1', role: 'Mentor' }).username).toBe('mentor.b');
    expect(loginRequestSchema.parse({ username: '\uFF48\uFF52', password: 'x' }).username).toBe('hr');
    expect(validateUserInput({ ...filled, username: '   ' }, false)).toEqual({ username: 'Username wajib diisi' });
  });
});
