// The authorization matrix of every /api route (the roles of each route, as /api/openapi.json
// documents them, and the API's conventions): who passes each route's role check, and the exact
// status a permitted caller gets for the row's minimal request. Keyed by method + the route's
// URL pattern as Fastify registers it: authorization-matrix.test.ts fails for any registered
// route without a row here (and for any row whose route is gone).
//
// A permitted caller's status proves the request went past the role check: 200/201 when the
// request is valid and cheap, else a 400 (empty body) or 404 (unknown id) that changes nothing.
import type { Role } from '../../src/domain/roles';
import type { TestApp } from '../helpers/build-app';
import type { Made, MakeOptions } from '../helpers/nilai';

/** An id no row has (within ID_MAX, so it reaches the route). */
export const UNKNOWN_ID = 999_999;

/** What the rows' requests may use: seeded ids and fresh participants of the demo mentor. */
export interface MatrixContext {
  t: TestApp;
  ids: { divisi: number; hr: number; mentor: number };
  /** A participant of the demo mentor (Menunggu, fully scored), shared by the read rows. */
  own: Made;
  /** A new participant of the demo mentor for one request that changes it. */
  fresh(options?: MakeOptions): Promise<Made>;
  /** The demo account of a role. */
  username(role: Role): string;
}

/** One request of a row. */
export interface MatrixRequest {
  url: string;
  payload?: unknown;
}

/** One route of the matrix. */
export interface MatrixRow {
  /** Who passes the role check: nobody needs a token ('public'), any logged-in user, or these roles. */
  roles: 'public' | 'any' | readonly Role[];
  /** The exact status of a permitted caller (per role when it differs); others get 401 / 403. */
  ok: number | Partial<Record<Role, number>>;
  /** The request, made for the caller's role (null: no token). */
  request(ctx: MatrixContext, role: Role | null): MatrixRequest | Promise<MatrixRequest>;
}

const HR_ONLY = ['HR'] as const satisfies readonly Role[];
const STAFF = ['Pembimbing', 'HR'] as const satisfies readonly Role[];
const APPROVERS = ['Pembimbing', 'HR', 'BusHead'] as const satisfies readonly Role[];
const EDITORS = ['Mentor', 'Pembimbing', 'HR'] as const satisfies readonly Role[];
const SIGNERS = ['Pembimbing', 'BusHead'] as const satisfies readonly Role[];

const fixed =
  (url: string, payload?: unknown) =>
  (): MatrixRequest =>
    payload === undefined ? { url } : { url, payload };

/** The review statuses that let `role` cancel its own approval: its step and every earlier one approved. */
function approvedUpTo(role: Role | null): MakeOptions['reviews'] {
  if (role === 'BusHead') return { Pembimbing: 'Disetujui', HR: 'Disetujui', BusHead: 'Disetujui' };
  if (role === 'HR') return { Pembimbing: 'Disetujui', HR: 'Disetujui' };
  return { Pembimbing: 'Disetujui' };
}

export const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { roles: 'public', ok: 200, request: fixed('/api/health') },
  'GET /api/health/live': { roles: 'public', ok: 200, request: fixed('/api/health/live') },
  'GET /api/health/ready': { roles: 'public', ok: 200, request: fixed('/api/health/ready') },
  // The API's documentation (server/openapi): the document and the Swagger UI routes, public.
  'GET /api/openapi.json': { roles: 'public', ok: 200, request: fixed('/api/openapi.json') },
  'GET /api/docs': { roles: 'public', ok: 200, request: fixed('/api/docs/') },
  'GET /api/docs/json': { roles: 'public', ok: 200, request: fixed('/api/docs/json') },
  'GET /api/docs/yaml': { roles: 'public', ok: 200, request: fixed('/api/docs/yaml') },
  'GET /api/docs/static/*': { roles: 'public', ok: 200, request: fixed('/api/docs/static/swagger-ui.css') },
  'GET /api/docs/static/index.html': { roles: 'public', ok: 302, request: fixed('/api/docs/static/index.html') }, // → /api/docs/
  'GET /api/docs/static/swagger-initializer.js': { roles: 'public', ok: 200, request: fixed('/api/docs/static/swagger-initializer.js') },
  'POST /api/auth/login': { roles: 'public', ok: 200, request: fixed('/api/auth/login', { username: 'hr', password: 'hr1234' }) },
  'GET /api/auth/profile': { roles: 'any', ok: 200, request: fixed('/api/auth/profile') },
  // Each caller renames itself to its own name: valid, and nothing another row reads changes.
  'PUT /api/auth/profile': {
    roles: 'any',
    ok: 200,
    request: (ctx, role) => ({ url: '/api/auth/profile', payload: { username: role ? ctx.username(role) : 'hr' } }),
  },
  'PUT /api/auth/password': {
    roles: 'any',
    ok: 400, // a wrong current password is 400, never 401 (a 401 would end the session)
    request: fixed('/api/auth/password', { currentPassword: 'bukan-password', newPassword: 'baru12345' }),
  },

  'GET /api/users': { roles: STAFF, ok: 200, request: fixed('/api/users') },
  'GET /api/users/role/:role': { roles: STAFF, ok: 200, request: fixed('/api/users/role/Mentor') },
  'POST /api/users': { roles: HR_ONLY, ok: 400, request: fixed('/api/users', {}) },
  'PUT /api/users/:id': {
    roles: HR_ONLY,
    ok: 404,
    request: fixed(`/api/users/${UNKNOWN_ID}`, { username: 'matrix-user', role: 'Mentor' }),
  },
  'DELETE /api/users/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/users/${UNKNOWN_ID}`) },
  // Not multipart: 415 once past the role check (checked before the body is read).
  'POST /api/users/signature': { roles: SIGNERS, ok: 415, request: fixed('/api/users/signature', { signature: 'x' }) },
  'DELETE /api/users/signature': { roles: SIGNERS, ok: 200, request: fixed('/api/users/signature') },
  // Any user passes the role check; a Mentor may read only its own (object-level 403).
  'GET /api/users/signature/:id': {
    roles: 'any',
    ok: { Mentor: 403, Pembimbing: 404, HR: 404, BusHead: 404 },
    request: (ctx) => ({ url: `/api/users/signature/${ctx.ids.hr}` }),
  },

  'GET /api/instansi': { roles: 'any', ok: 200, request: fixed('/api/instansi') },
  'POST /api/instansi': { roles: HR_ONLY, ok: 400, request: fixed('/api/instansi', {}) },
  'PUT /api/instansi/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/instansi/${UNKNOWN_ID}`, { nama: 'Matrix' }) },
  'DELETE /api/instansi/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/instansi/${UNKNOWN_ID}`) },

  'GET /api/divisi': { roles: 'any', ok: 200, request: fixed('/api/divisi') },
  'GET /api/divisi/:id': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/divisi/${ctx.ids.divisi}` }) },
  'POST /api/divisi': { roles: HR_ONLY, ok: 400, request: fixed('/api/divisi', {}) },
  'PUT /api/divisi/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/divisi/${UNKNOWN_ID}`, { nama: 'Matrix' }) },
  'DELETE /api/divisi/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/divisi/${UNKNOWN_ID}`) },

  'GET /api/kompetensi': { roles: 'any', ok: 200, request: fixed('/api/kompetensi') },
  'POST /api/kompetensi': { roles: HR_ONLY, ok: 400, request: fixed('/api/kompetensi', {}) },
  'PUT /api/kompetensi/:id': {
    roles: HR_ONLY,
    ok: 404,
    request: fixed(`/api/kompetensi/${UNKNOWN_ID}`, { nama: 'Matrix', jenjang: 'SMK' }),
  },
  'DELETE /api/kompetensi/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/kompetensi/${UNKNOWN_ID}`) },

  'GET /api/grade': { roles: 'any', ok: 200, request: fixed('/api/grade') },
  'POST /api/grade': { roles: HR_ONLY, ok: 400, request: fixed('/api/grade', {}) },
  'PUT /api/grade/:id': {
    roles: HR_ONLY,
    ok: 404,
    request: fixed(`/api/grade/${UNKNOWN_ID}`, {
      nama: 'Matrix',
      deskripsi: '',
      kategori: 'SMK',
      items: [{ huruf: 'A', min: 0, predikat: 'Baik' }],
    }),
  },
  'DELETE /api/grade/:id': { roles: HR_ONLY, ok: 404, request: fixed(`/api/grade/${UNKNOWN_ID}`) },

  // BusHead reads participants for its approval screen (routes/peserta.ts); only staff write.
  'GET /api/peserta': { roles: APPROVERS, ok: 200, request: fixed('/api/peserta') },
  'GET /api/peserta/arsip': { roles: APPROVERS, ok: 200, request: fixed('/api/peserta/arsip?daftar=peserta') },
  'GET /api/peserta/:id': { roles: APPROVERS, ok: 200, request: (ctx) => ({ url: `/api/peserta/${ctx.own.id}` }) },
  'POST /api/peserta': { roles: STAFF, ok: 400, request: fixed('/api/peserta', {}) },
  'POST /api/peserta/bulk': { roles: STAFF, ok: 400, request: fixed('/api/peserta/bulk', {}) },
  'PUT /api/peserta/:id': { roles: STAFF, ok: 404, request: fixed(`/api/peserta/${UNKNOWN_ID}`, { nama: 'Matrix' }) },
  'DELETE /api/peserta/:id': { roles: STAFF, ok: 404, request: fixed(`/api/peserta/${UNKNOWN_ID}`) },

  'GET /api/nilai/divisi/:divisiId/kompetensi': {
    roles: 'any',
    ok: 200,
    request: (ctx) => ({ url: `/api/nilai/divisi/${ctx.ids.divisi}/kompetensi?jenjang=SMK` }),
  },
  'GET /api/nilai/peserta/:id': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/nilai/peserta/${ctx.own.id}` }) },
  'GET /api/nilai/mentor/peserta': { roles: ['Mentor'], ok: 200, request: fixed('/api/nilai/mentor/peserta') },
  'POST /api/nilai/bulk': {
    roles: EDITORS,
    ok: 200,
    request: async (ctx) => {
      const p = await ctx.fresh({ scores: 'kosong' });
      return { url: '/api/nilai/bulk', payload: { nilai_data: p.kompetensiIds.map((kompetensi_id) => ({ peserta_id: p.id, kompetensi_id, skor: 80 })) } };
    },
  },
  'DELETE /api/nilai/peserta/:id': {
    roles: EDITORS,
    ok: 200,
    request: async (ctx) => ({ url: `/api/nilai/peserta/${(await ctx.fresh()).id}` }),
  },
  // Not fully approved: 409 once past the role check (a PDF is not worth making here).
  'GET /api/nilai/cetak/:id': { roles: APPROVERS, ok: 409, request: (ctx) => ({ url: `/api/nilai/cetak/${ctx.own.id}` }) },

  'GET /api/review/peserta': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/review/peserta?ids=${ctx.own.id}` }) },
  'GET /api/review/peserta/:id': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/review/peserta/${ctx.own.id}` }) },
  // Each approver acts on its own step only: on a fresh participant only Pembimbing's is open.
  'POST /api/review/approve/:id': {
    roles: APPROVERS,
    ok: { Pembimbing: 200, HR: 409, BusHead: 409 },
    request: async (ctx) => ({ url: `/api/review/approve/${(await ctx.fresh()).id}`, payload: {} }),
  },
  'POST /api/review/reject/:id': {
    roles: APPROVERS,
    ok: { Pembimbing: 200, HR: 409, BusHead: 409 },
    request: async (ctx) => ({ url: `/api/review/reject/${(await ctx.fresh()).id}`, payload: { catatan: 'Belum memenuhi' } }),
  },
  'POST /api/review/cancel/:id': {
    roles: APPROVERS,
    ok: 200,
    request: async (ctx, role) => ({ url: `/api/review/cancel/${(await ctx.fresh({ reviews: approvedUpTo(role) })).id}` }),
  },

  'PUT /api/presensi': { roles: ['Mentor', 'HR'], ok: 400, request: fixed('/api/presensi', {}) },
  'GET /api/presensi': { roles: 'any', ok: 200, request: fixed('/api/presensi') },
  'GET /api/presensi/rekap': { roles: HR_ONLY, ok: 400, request: fixed('/api/presensi/rekap') },
  'GET /api/presensi/rekap.xlsx': { roles: HR_ONLY, ok: 200, request: fixed('/api/presensi/rekap.xlsx?from=2026-01-05&to=2026-01-10') },
  'GET /api/presensi/peserta/:id': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/presensi/peserta/${ctx.own.id}` }) },

  // Each caller's own inbox: every role passes; another's or an unknown notification is 404.
  'GET /api/notifikasi': { roles: 'any', ok: 200, request: fixed('/api/notifikasi') },
  'POST /api/notifikasi/:id/baca': { roles: 'any', ok: 404, request: fixed(`/api/notifikasi/${UNKNOWN_ID}/baca`) },
  'POST /api/notifikasi/baca-semua': { roles: 'any', ok: 200, request: fixed('/api/notifikasi/baca-semua') },
  // Web Push: every role reads the key and adds or removes its own device (the matrix app has push on).
  'GET /api/push/kunci': { roles: 'any', ok: 200, request: fixed('/api/push/kunci') },
  'POST /api/push/langganan': { roles: 'any', ok: 400, request: fixed('/api/push/langganan', {}) },
  'DELETE /api/push/langganan': { roles: 'any', ok: 200, request: fixed('/api/push/langganan', { endpoint: 'https://push.example/tidak-ada' }) },
  'GET /api/riwayat/peserta/:id': { roles: 'any', ok: 200, request: (ctx) => ({ url: `/api/riwayat/peserta/${ctx.own.id}` }) },

  'GET /api/sertifikat/arsip': { roles: APPROVERS, ok: 200, request: fixed('/api/sertifikat/arsip?jenjang=SMK') },
  'GET /api/sertifikat/peserta': { roles: APPROVERS, ok: 200, request: fixed('/api/sertifikat/peserta?jenjang=SMK') },
  'GET /api/sertifikat/generate/:id': { roles: APPROVERS, ok: 409, request: (ctx) => ({ url: `/api/sertifikat/generate/${ctx.own.id}` }) },
  'GET /api/sertifikat/generate-ppt/:id': {
    roles: APPROVERS,
    ok: 409,
    request: (ctx) => ({ url: `/api/sertifikat/generate-ppt/${ctx.own.id}` }),
  },
  'GET /api/sertifikat/preview/:id': { roles: APPROVERS, ok: 409, request: (ctx) => ({ url: `/api/sertifikat/preview/${ctx.own.id}` }) },
  'GET /api/sertifikat/gambar/:sha256': { roles: APPROVERS, ok: 404, request: fixed(`/api/sertifikat/gambar/${'0'.repeat(64)}`) },
  'POST /api/sertifikat/terbitkan-ulang/:id': {
    roles: HR_ONLY,
    ok: 409,
    request: (ctx) => ({ url: `/api/sertifikat/terbitkan-ulang/${ctx.own.id}` }),
  },

  // Not multipart: 415 once past the role check (checked before the body is read).
  'POST /api/organisasi/logo': { roles: HR_ONLY, ok: 415, request: fixed('/api/organisasi/logo', { logo: 'x' }) },
  'DELETE /api/organisasi/logo': { roles: HR_ONLY, ok: 200, request: fixed('/api/organisasi/logo') },
  // No logo is set in the matrix's database.
  'GET /api/organisasi/logo': { roles: 'any', ok: 404, request: fixed('/api/organisasi/logo') },

  // The public check of a certificate: no token; a code no certificate has is a 404.
  'GET /api/verifikasi/:kode': { roles: 'public', ok: 404, request: fixed('/api/verifikasi/0000000000000000000000000Z') },
  // The verification page's header: the organisation and its logo (none is set here: 404).
  'GET /api/verifikasi/organisasi': { roles: 'public', ok: 200, request: fixed('/api/verifikasi/organisasi') },
  'GET /api/verifikasi/organisasi/logo': { roles: 'public', ok: 404, request: fixed('/api/verifikasi/organisasi/logo') },
};

/** The status `role` (null: no token) must get on `row`. */
export function expectedStatus(row: MatrixRow, role: Role | null): number {
  if (role === null && row.roles !== 'public') return 401;
  if (role !== null && typeof row.roles !== 'string' && !row.roles.includes(role)) return 403;
  if (typeof row.ok === 'number') return row.ok;
  const status = role === null ? undefined : row.ok[role];
  if (status === undefined) throw new Error(`matrix row has no status for ${role ?? 'no token'}`);
  return status;
}
