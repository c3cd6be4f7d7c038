// The user form's and the profile's full name and title: optional, at most 200 characters, the
// same rule (src/domain/auth) the server applies.
import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from '@/domain/auth';
import { userUpdateSchema } from '@/domain/master-data';
import { EMPTY_USER_INPUT, validateUserInput } from '@/features/users/save-user';

const filled = { ...EMPTY_USER_INPUT, employee_id: 'EMP9', username: 'budi', password: 'rahasia1' };

describe('the user form with a full name and title', () => {
  it('should accept them blank or up to 200 characters', () => {
    expect(validateUserInput(filled, false)).toBeNull();
    expect(validateUserInput({ ...filled, nama_lengkap: 'y'.repeat(200), jabatan: 'Kepala Divisi Operasional' }, false)).toBeNull();
    expect(validateUserInput({ ...filled, password: '', nama_lengkap: 'Budi Santoso' }, true)).toBeNull();
  });

  it.each([false, true])('should name the field over 200 characters (editing: %s)', (editing) => {
    expect(validateUserInput({ ...filled, nama_lengkap: 'x'.repeat(201) }, editing)).toEqual({ nama_lengkap: 'Nama Lengkap maksimal 200 karakter' });
    expect(validateUserInput({ ...filled, jabatan: 'x'.repeat(201) }, editing)).toEqual({ jabatan: 'Jabatan maksimal 200 karakter' });
  });

  it('should send blank as null (cleared) and leave out what was not sent', () => {
    expect(userUpdateSchema.parse({ username: 'budi', role: 'HR', nama_lengkap: '  ', jabatan: ' Staf ' })).toMatchObject({ nama_lengkap: null, jabatan: 'Staf' });
    const kept = updateProfileSchema.parse({ username: 'budi' });
    expect('nama_lengkap' in kept && kept.nama_lengkap !== undefined).toBe(false);
  });
});
