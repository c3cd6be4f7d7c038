/**
 * Roles and the route access table (which roles may open each logged-in path). Pure and free
 * of zod: the logged-in shell's guard and the sidebar load it at start-up, before any screen, and
 * the first-route JS has a budget (`npm run check:bundle`). The zod
 * schema of a role is in ./roles, which re-exports all of this.
 */

/** The four roles, in the spelling the API uses. */
export const ROLES = ['HR', 'Pembimbing', 'Mentor', 'BusHead'] as const;
/** One of ROLES. */
export type Role = (typeof ROLES)[number];

/** Returns the canonical role for a stored role string, matched case-insensitively, or null. */
export function normalizeRole(value: string | null | undefined): Role | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  return ROLES.find((role) => role.toLowerCase() === lower) ?? null;
}

/** Which dashboard a role string picks (case-insensitive; 'admin' and 'business_head' are aliases). */
type DashboardKind = 'mentor' | 'pembimbing' | 'hr' | 'bushead';
export function dashboardFor(role: string | null | undefined): DashboardKind | null {
  switch ((role ?? '').trim().toLowerCase()) {
    case 'mentor':
      return 'mentor';
    case 'pembimbing':
      return 'pembimbing';
    case 'hr':
    case 'admin':
      return 'hr';
    case 'bushead':
    case 'business_head':
      return 'bushead';
    default:
      return null;
  }
}

/** Roles allowed on each guarded path. `null` = any logged-in user. */
export const ROUTE_ACCESS = {
  '/dashboard': null,
  '/profile': null,
  '/notifikasi': null,
  '/approval': ['Pembimbing', 'HR', 'BusHead'],
  '/certificates/mahasiswa': ['Pembimbing', 'HR', 'BusHead'],
  '/certificates/siswa': ['Pembimbing', 'HR', 'BusHead'],
  '/peserta/mahasiswa': ['Pembimbing', 'HR'],
  '/peserta/siswa': ['Pembimbing', 'HR'],
  '/penilaian': ['Mentor'],
  '/rekap-presensi': ['HR'],
  '/presensi': ['Mentor'],
  '/users': ['HR'],
  '/kompetensi': ['HR'],
  '/divisi': ['HR'],
  '/instansi': ['HR'],
  '/grade': ['HR'],
} as const satisfies Record<string, readonly Role[] | null>;

export type GuardedPath = keyof typeof ROUTE_ACCESS;

/** True when `path` is one of the route table's paths (exactly as written there). */
export function isGuardedPath(path: unknown): path is GuardedPath {
  return typeof path === 'string' && Object.hasOwn(ROUTE_ACCESS, path);
}

/** True when `role` may open `path`. */
export function canAccess(path: GuardedPath, role: Role | null): boolean {
  const allowed: readonly Role[] | null = ROUTE_ACCESS[path];
  if (allowed === null) return role !== null;
  return role !== null && allowed.includes(role);
}

/** One entry of the sidebar of the logged-in layout. */
export interface NavItem {
  label: string;
  path?: GuardedPath;
  children?: readonly { label: string; path: GuardedPath }[];
}

/** The full sidebar before role filtering, in its display order. */
const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Penilaian', path: '/penilaian' },
  { label: 'Presensi', path: '/presensi' },
  {
    label: 'Peserta',
    children: [
      { label: 'Mahasiswa', path: '/peserta/mahasiswa' },
      { label: 'Siswa', path: '/peserta/siswa' },
    ],
  },
  { label: 'Approval', path: '/approval' },
  {
    label: 'Certificate',
    children: [
      { label: 'Mahasiswa', path: '/certificates/mahasiswa' },
      { label: 'Siswa', path: '/certificates/siswa' },
    ],
  },
  {
    // HR's screens. 'Rekap Presensi' belongs here, not under Peserta: it covers both levels and
    // is HR's alone, where Peserta's links are per level and Pembimbing's too.
    label: 'Management',
    children: [
      { label: 'Users', path: '/users' },
      { label: 'Kompetensi', path: '/kompetensi' },
      { label: 'Divisi', path: '/divisi' },
      { label: 'Instansi', path: '/instansi' },
      { label: 'Grade', path: '/grade' },
      { label: 'Rekap Presensi', path: '/rekap-presensi' },
    ],
  },
];

/** The sidebar a role sees: items and group children it may open; empty groups dropped. */
export function navFor(role: Role | null): NavItem[] {
  const out: NavItem[] = [];
  for (const item of NAV_ITEMS) {
    if (item.path) {
      if (canAccess(item.path, role)) out.push(item);
      continue;
    }
    const children = (item.children ?? []).filter((child) => canAccess(child.path, role));
    if (children.length > 0) out.push({ ...item, children });
  }
  return out;
}
