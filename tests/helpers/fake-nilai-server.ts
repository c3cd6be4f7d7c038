// An in-memory stand-in for the nilai (score) and approval API for the sync tests: it
// keeps reviews and scores per participant, runs the same domain rules as the real server
// (409 with the product's message), stores Idempotency-Keys per user, answers the participant's
// state after a change (and with a key on a 409) like the real one, serves the batch read of
// reviews, an empty history (GET /api/riwayat/peserta/{id}), the inbox (GET /api/notifikasi: the
// notifications in `inbox`, whole at every pull) and GET /api/health, attendance
// (PUT /api/presensi with the attendance lock, all or none; GET /api/presensi?since= with a
// change counter as its cursor), and can be switched to fail the network, answer 5xx or 401,
// or lose the answer after applying a change. `log` lists every request it was asked.
import { createApiClient, type ApiClient } from '@/api/client';
import { type Review, actionBlock, applyAction, type ApprovalStep } from '@/domain/approval-chain';
import { scoreEditLock } from '@/domain/nilai';
import { type PesertaState, type ReviewStep, type Score, reviewSteps } from '@/domain/peserta-state';
import type { Notifikasi } from '@/domain/notifikasi';
import { PRESENSI_MSG, type StoredMark, presensiLock } from '@/domain/presensi';

export type FailMode = 'none' | 'network' | '500' | '401' | 'lose-answer';

export class FakeNilaiServer {
  reviews = new Map<number, Review[]>();
  nilai = new Map<number, Map<number, number>>();
  /** Role of the token's user (the tests act as one user per server). */
  role: string;
  fail: FailMode = 'none';
  /** Runs just before a mutation is judged: lets a test change the state in between. */
  beforeMutate: (() => void) | null = null;
  /** An `error` field its 409 answers carry besides `message` (as a proxy in front of an API may add). */
  refusalError: string | null = null;
  /** How many mutations were applied (a resend with a stored key is not counted). */
  applied = 0;
  readonly log: string[] = [];
  /** The X-Dibuat-Pada header of every mutation asked (null: none), in order. */
  readonly dibuatPada: (string | null)[] = [];
  /** The Idempotency-Key header of every mutation asked (null: none), in order. */
  readonly keys: (string | null)[] = [];
  private readonly idempotency = new Map<string, { status: number; body: unknown }>();
  /** Attendance marks by `peserta_id:tanggal`, each with the change count that last wrote it. */
  readonly presensi = new Map<string, StoredMark & { xid: number }>();
  /** What GET /api/notifikasi answers (with or without `since`: all of them). */
  inbox: Notifikasi[] = [];
  /** The next change count: a pull answers it as its cursor, a write takes it. */
  private nextXid = 1;

  constructor(role: string) {
    this.role = role;
  }

  reviewsOf(id: number): ReviewStep[] {
    return reviewSteps(this.reviews.get(id) ?? []);
  }

  scoresOf(id: number): Record<number, number> {
    return Object.fromEntries(this.nilai.get(id) ?? new Map());
  }

  /** Another user's decision taken directly on the server (e.g. the pembimbing approves). */
  decide(id: number, role: ApprovalStep, action: 'approve' | 'reject' | 'cancel', catatan: string | null = null): void {
    this.reviews.set(id, applyAction(action, role, this.reviewsOf(id), catatan));
  }

  /** Marks written directly on the server (another user's save), in one change. */
  mark(marks: readonly StoredMark[]): void {
    const xid = this.nextXid++;
    for (const m of marks) this.presensi.set(`${m.peserta_id}:${m.tanggal}`, { ...m, xid });
  }

  /** The server's marks, by participant then date. */
  marks(): StoredMark[] {
    return [...this.presensi.values()]
      .sort((a, b) => a.peserta_id - b.peserta_id || a.tanggal.localeCompare(b.tanggal))
      .map(({ peserta_id, tanggal, status, catatan }) => ({ peserta_id, tanggal, status, catatan }));
  }

  client(token = 'tok'): ApiClient {
    return createApiClient({ getToken: () => token, fetch: (input, init) => this.handle(String(input), init ?? {}) });
  }

  private json(status: number, body: unknown): Response {
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  private async handle(url: string, init: RequestInit): Promise<Response> {
    const method = init.method ?? 'GET';
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    this.log.push(`${method} ${path}`);
    if (this.fail === 'network') throw new TypeError('Failed to fetch');
    if (this.fail === '500') return this.json(503, { message: 'Terjadi kesalahan pada server' });
    if (method === 'GET' && path === '/api/health') return this.json(200, { status: 'ok' });
    if (this.fail === '401') return this.json(401, { message: 'Sesi tidak valid, silakan login kembali' });

    if (method === 'GET' && path === '/api/review/peserta') {
      const ids = [...new Set((parsed.searchParams.get('ids') ?? '').split(',').map(Number))].sort((a, b) => a - b);
      if (ids.length === 0 || ids.length > 200 || ids.some((id) => !Number.isInteger(id) || id < 1)) {
        return this.json(400, { message: 'ID tidak valid' });
      }
      return this.json(200, { data: ids.map((id) => ({ peserta_id: id, reviews: this.reviewsOf(id) })) });
    }
    if (method === 'GET' && path === '/api/notifikasi') {
      const unread = this.inbox.filter((row) => !row.dibaca).length;
      return this.json(200, { data: this.inbox, cursor: String(this.nextXid), belum_dibaca: unread });
    }
    let match = /^\/api\/review\/peserta\/(\d+)$/.exec(path);
    if (method === 'GET' && match) return this.json(200, { data: { reviews: this.reviewsOf(Number(match[1])) } });
    match = /^\/api\/nilai\/peserta\/(\d+)$/.exec(path);
    if (method === 'GET' && match) return this.json(200, { data: { nilai: this.scoreRows(Number(match[1])) } });

    if (method === 'GET' && path === '/api/presensi') {
      const since = parsed.searchParams.get('since');
      const data = this.marks().filter((m) => since === null || this.presensi.get(`${m.peserta_id}:${m.tanggal}`)!.xid >= Number(since));
      return this.json(200, { data, cursor: String(this.nextXid) });
    }

    match = /^\/api\/riwayat\/peserta\/(\d+)$/.exec(path);
    if (method === 'GET' && match) return this.json(200, { data: [] });

    const key = new Headers(init.headers).get('Idempotency-Key');
    this.dibuatPada.push(new Headers(init.headers).get('X-Dibuat-Pada'));
    this.keys.push(key);
    if (key && this.idempotency.has(key)) {
      const stored = this.idempotency.get(key)!;
      return this.json(stored.status, stored.body);
    }
    this.beforeMutate?.();
    this.beforeMutate = null;
    const result = this.mutate(method, path, init.body ? (JSON.parse(String(init.body)) as unknown) : undefined, key !== null);
    if (key && result.status < 500) this.idempotency.set(key, result);
    if (result.status < 300) this.applied += 1;
    if (this.fail === 'lose-answer') {
      this.fail = 'none';
      throw new TypeError('Failed to fetch');
    }
    return this.json(result.status, result.body);
  }

  /** A participant's scores as the real server answers them: each with its row id and competency name. */
  private scoreRows(id: number): Score[] {
    return Object.entries(this.scoresOf(id)).map(([k, skor]) => ({
      id: id * 1000 + Number(k),
      peserta_id: id,
      kompetensi_id: Number(k),
      skor,
      kompetensi: { nama: `Kompetensi ${k}` },
    }));
  }

  /** A participant's state as the real server answers it (services/peserta-state.ts answerState). */
  stateOf(id: number): PesertaState {
    return { peserta_id: id, reviews: this.reviewsOf(id), nilai: this.scoreRows(id) };
  }

  private withStates(ids: number[], many: boolean): Record<string, unknown> {
    const states = [...new Set(ids)].sort((a, b) => a - b).map((id) => this.stateOf(id));
    if (!many) return { state: states[0] };
    return states.length === 1 ? { state: states[0], states } : { states };
  }

  private mutate(method: string, path: string, body: unknown, keyed: boolean): { status: number; body: unknown } {
    const refused = (message: string, ids: number[], many = false) => {
      const answer = this.refusalError ? { error: this.refusalError, message } : { message };
      return { status: 409, body: keyed ? { ...answer, ...this.withStates(ids, many) } : answer };
    };
    if (method === 'POST' && path === '/api/nilai/bulk') {
      const items = (body as { nilai_data: { peserta_id: number; kompetensi_id: number; skor: number }[] }).nilai_data;
      const ids = items.map((item) => item.peserta_id);
      for (const item of items) {
        const lock = scoreEditLock(this.role, this.reviewsOf(item.peserta_id));
        if (lock) return refused(lock, ids, true);
      }
      for (const item of items) {
        const scores = this.nilai.get(item.peserta_id) ?? new Map<number, number>();
        scores.set(item.kompetensi_id, item.skor);
        this.nilai.set(item.peserta_id, scores);
      }
      return { status: 200, body: { message: 'Nilai berhasil disimpan', ...this.withStates(ids, true) } };
    }
    if (method === 'PUT' && path === '/api/presensi') {
      const marks = (body as { presensi: StoredMark[] }).presensi.map((m) => ({ ...m, catatan: m.catatan ?? null }));
      const ids = marks.map((m) => m.peserta_id);
      for (const id of new Set(ids)) {
        const lock = presensiLock(this.role, this.reviewsOf(id));
        if (lock) return refused(lock, ids, true);
      }
      this.mark(marks);
      const keys = new Set(marks.map((m) => `${m.peserta_id}:${m.tanggal}`));
      const data = this.marks().filter((m) => keys.has(`${m.peserta_id}:${m.tanggal}`));
      return { status: 200, body: { message: PRESENSI_MSG.saved, data, ...this.withStates(ids, true) } };
    }
    let match = /^\/api\/nilai\/peserta\/(\d+)$/.exec(path);
    if (method === 'DELETE' && match) {
      const id = Number(match[1]);
      const lock = scoreEditLock(this.role, this.reviewsOf(id));
      if (lock) return refused(lock, [id]);
      this.nilai.delete(id);
      return { status: 200, body: { message: 'Semua nilai berhasil dihapus', data: { nilai: [] }, ...this.withStates([id], false) } };
    }
    match = /^\/api\/review\/(approve|reject|cancel)\/(\d+)$/.exec(path);
    if (method === 'POST' && match) {
      const action = match[1] as 'approve' | 'reject' | 'cancel';
      const id = Number(match[2]);
      const block = actionBlock(action, this.role, this.reviewsOf(id));
      if (block) return refused(block, [id]);
      this.decide(id, this.role as ApprovalStep, action, (body as { catatan?: string } | undefined)?.catatan ?? null);
      return { status: 200, body: { data: { reviews: this.reviewsOf(id) }, ...this.withStates([id], false) } };
    }
    return { status: 404, body: { message: 'Endpoint tidak ditemukan' } };
  }
}
