import { describe, expect, it } from 'vitest';
import { entityMessages } from '@/domain/master-data';
import { divisiDeleteBlock } from '@/features/divisi/use-divisi';
import { instansiDeleteBlock } from '@/features/instansi/use-instansi';
import { userDeleteBlock } from '@/features/users/filter-users';

describe('instansiDeleteBlock', () => {
  it.each([
    [undefined, null],
    [0, null],
    [1, 'Tidak dapat menghapus instansi yang masih memiliki peserta terkait'],
    [4, 'Tidak dapat menghapus instansi yang masih memiliki peserta terkait'],
  ])('should answer %s participants with %s', (pesertaCount, reason) => {
    expect(instansiDeleteBlock({ pesertaCount })).toBe(reason);
  });
});

describe('divisiDeleteBlock', () => {
  it('should refuse a division that participants of the mirror belong to', () => {
    expect(divisiDeleteBlock({ id: 2 }, new Set([1, 2]))).toBe('Tidak dapat menghapus divisi yang masih memiliki peserta terkait');
  });

  it('should allow a division nobody in the mirror belongs to', () => {
    expect(divisiDeleteBlock({ id: 3 }, new Set([1, 2]))).toBeNull();
    expect(divisiDeleteBlock({ id: 3 }, new Set())).toBeNull();
  });
});

describe('userDeleteBlock', () => {
  it('should refuse the logged-in user its own account', () => {
    expect(userDeleteBlock({ id: 1 }, 1)).toBe('Anda tidak dapat menghapus akun Anda sendiri');
  });

  it.each([
    [2, 1],
    [1, null],
  ])('should allow user %s when the logged-in user is %s', (id, currentUserId) => {
    expect(userDeleteBlock({ id }, currentUserId)).toBeNull();
  });
});

describe('entityMessages', () => {
  it.each([
    ['User', 'User berhasil ditambahkan', 'User berhasil diperbarui', 'User berhasil dihapus'],
    ['Kompetensi', 'Kompetensi berhasil ditambahkan', 'Kompetensi berhasil diperbarui', 'Kompetensi berhasil dihapus'],
    ['Divisi', 'Divisi berhasil ditambahkan', 'Divisi berhasil diperbarui', 'Divisi berhasil dihapus'],
    ['Instansi', 'Instansi berhasil ditambahkan', 'Instansi berhasil diperbarui', 'Instansi berhasil dihapus'],
    ['Template grade', 'Template grade berhasil ditambahkan', 'Template grade berhasil diperbarui', 'Template grade berhasil dihapus'],
  ])('should give the success texts of %s', (noun, added, updated, deleted) => {
    expect(entityMessages(noun)).toEqual({ added, updated, deleted });
  });
});
