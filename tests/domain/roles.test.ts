import { describe, expect, it } from 'vitest';
import { type GuardedPath, type Role, canAccess, dashboardFor, isGuardedPath, navFor, normalizeRole } from '@/domain/roles';

const ALL: Role[] = ['HR', 'Pembimbing', 'Mentor', 'BusHead'];

// The route table (which roles may open each logged-in path), as cases: path -> roles allowed.
const ROUTE_TABLE: [GuardedPath, Role[]][] = [
  ['/dashboard', ALL],
  ['/profile', ALL],
  ['/notifikasi', ALL],
  ['/approval', ['Pembimbing', 'HR', 'BusHead']],
  ['/certificates/mahasiswa', ['Pembimbing', 'HR', 'BusHead']],
  ['/certificates/siswa', ['Pembimbing', 'HR', 'BusHead']],
  ['/peserta/mahasiswa', ['Pembimbing', 'HR']],
  ['/peserta/siswa', ['Pembimbing', 'HR']],
  ['/penilaian', ['Mentor']],
  ['/rekap-presensi', ['HR']],
  ['/presensi', ['Mentor']],
  ['/users', ['HR']],
  ['/kompetensi', ['HR']],
  ['/divisi', ['HR']],
  ['/instansi', ['HR']],
  ['/grade', ['HR']],
];

describe('canAccess', () => {
  const cases = ROUTE_TABLE.flatMap(([path, allowed]) =>
    ALL.map((role) => [path, role, allowed.includes(role)] as const),
  );
  it.each(cases)('should answer %s for %s with %s', (path, role, expected) => {
    expect(canAccess(path, role)).toBe(expected);
  });
  it.each(ROUTE_TABLE.map(([path]) => path))('should refuse %s to a logged-out user', (path) => {
    expect(canAccess(path, null)).toBe(false);
  });
});

describe('isGuardedPath', () => {
  it.each(ROUTE_TABLE.map(([path]) => path))('should know %s', (path) => {
    expect(isGuardedPath(path)).toBe(true);
  });
  it.each(['/', '/unauthorized', '/Approval', '/approval/', '/toString', 'dashboard', undefined, 42])(
    'should not take %s for a path of the table',
    (path) => {
      expect(isGuardedPath(path)).toBe(false);
    },
  );
});

describe('navFor', () => {
  const flatten = (role: Role) =>
    navFor(role).map((item) => (item.children ? `${item.label}[${item.children.map((c) => c.label).join(',')}]` : item.label));

  it.each([
    ['Mentor', ['Dashboard', 'Penilaian', 'Presensi']],
    ['Pembimbing', ['Dashboard', 'Peserta[Mahasiswa,Siswa]', 'Approval', 'Certificate[Mahasiswa,Siswa]']],
    ['HR', ['Dashboard', 'Peserta[Mahasiswa,Siswa]', 'Approval', 'Certificate[Mahasiswa,Siswa]', 'Management[Users,Kompetensi,Divisi,Instansi,Grade,Rekap Presensi]']],
    ['BusHead', ['Dashboard', 'Approval', 'Certificate[Mahasiswa,Siswa]']],
  ] as const)('should give %s its sidebar', (role, expected) => {
    expect(flatten(role)).toEqual(expected);
  });

  it('should give a logged-out user no sidebar', () => {
    expect(navFor(null)).toEqual([]);
  });
});

describe('dashboardFor', () => {
  it.each([
    ['mentor', 'mentor'],
    ['Mentor', 'mentor'],
    ['PEMBIMBING', 'pembimbing'],
    ['hr', 'hr'],
    ['HR', 'hr'],
    ['admin', 'hr'],
    ['BusHead', 'bushead'],
    ['bushead', 'bushead'],
    ['business_head', 'bushead'],
    ['Business_Head', 'bushead'],
    ['kasir', null],
    ['', null],
    [null, null],
  ] as const)('should pick the dashboard of %s: %s', (role, expected) => {
    expect(dashboardFor(role)).toBe(expected);
  });
});

describe('normalizeRole', () => {
  it.each([
    ['hr', 'HR'],
    ['busHEAD', 'BusHead'],
    [' Mentor ', 'Mentor'],
    ['pembimbing', 'Pembimbing'],
    ['admin', null],
    [undefined, null],
  ] as const)('should map %s to %s', (value, expected) => {
    expect(normalizeRole(value)).toBe(expected);
  });
});
