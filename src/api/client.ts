/**
 * Typed fetch wrapper for the REST API (same origin, JSON). It adds the Bearer token from a
 * getter it is given (it never reads storage itself, so it also runs in the service worker),
 * checks responses with a schema when one is given (a zod schema, or a `parser()` where zod
 * must stay off the start-up path), and turns every failure into an ApiError:
 * the server's `{message}` when present, else a fallback; status 0 for the network.
 */
import { MSG } from '@/domain/messages';

/** Default time a request may take before it counts as a network failure. */
const API_TIMEOUT_MS = 15_000;

/** A failed API call. `status` 0 = no answer (offline, DNS, timeout, aborted). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  /** The `message` field of the server's error body, or null when it sent none. */
  readonly serverMessage: string | null;
  /** The error response's body as received (parsed JSON, or the raw text), or undefined. */
  readonly body: unknown;

  constructor(status: number, message: string, serverMessage: string | null = null, body?: unknown) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }

  /** True when the server was not reached (offline, timeout): the caller may use cached data. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** True for an ApiError (also across bundles, where instanceof may not hold). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
}

/**
 * The `error` field of a failed call's answer (the API error popup's title), or null when the
 * answer had none: `{"message"}` answers leave the popup its default title 'Error'.
 */
export function answerErrorField(error: unknown): string | null {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null || !('error' in error.body)) return null;
  const field = (error.body as { error: unknown }).error;
  return typeof field === 'string' && field.trim() !== '' ? field : null;
}

/** The server's message of an error when it sent one, otherwise `fallback` (the screen's own failure text). */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

/** What checks a response: a zod schema fits, and so does `parser(fn)`. */
interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A ResponseSchema from a function returning the checked value, or null when it is malformed. */
export function parser<T>(parse: (value: unknown) => T | null): ResponseSchema<T> {
  return {
    safeParse(value) {
      const data = parse(value);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}

interface RequestOptions<T> {
  /** JSON body (serialised) or FormData (sent as is). */
  body?: unknown;
  /** Validates and types the JSON response; without it the parsed JSON is returned as is. */
  schema?: ResponseSchema<T>;
  /** Send the Authorization header (default true; login sets false). */
  auth?: boolean;
  /** Message of the ApiError when the server sent none (default: the product's unknown-error text). */
  fallbackMessage?: string;
  /** Message when the server could not be reached (default MSG.networkError). */
  networkMessage?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface ApiClientOptions {
  /** Prefix of every path; '' = same origin. */
  baseUrl?: string;
  /** Current bearer token, or null when logged out. */
  getToken?: () => string | null;
  /**
   * Called after an authenticated request was answered 401 (token invalid or expired), with
   * the token that request carried: one sent before the token was renewed (a password change
   * ends the older tokens) says nothing about the current one.
   */
  onUnauthorized?: (error: ApiError, token: string) => void;
  fetch?: typeof fetch;
}

/** The client the app and the service worker use to talk to the API. */
export interface ApiClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, schema?: ResponseSchema<T>, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * GET of a binary answer (a PNG, a PDF): the bytes with the ETag and content type, or null
   * when `ifNoneMatch` was sent and the server answered 304 Not Modified.
   */
  getBytes(path: string, options?: BytesRequestOptions): Promise<BytesResponse | null>;
}

/** Options of ApiClient.getBytes. */
interface BytesRequestOptions {
  /** An ETag the caller already holds (sent as If-None-Match). */
  ifNoneMatch?: string;
  fallbackMessage?: string;
  networkMessage?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A binary answer of ApiClient.getBytes. */
interface BytesResponse {
  bytes: Uint8Array;
  /** The ETag header (quoted, as sent), or null. */
  etag: string | null;
  /** The Content-Type header, or null. */
  contentType: string | null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** Creates an API client; see ApiClientOptions. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  interface SendOptions {
    auth?: boolean;
    headers?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal;
    timeoutMs?: number;
    networkMessage?: string;
    fallbackMessage?: string;
  }

  /**
   * Sends one request and reads its body with `read`; a failure to reach the server (or to read
   * the answer) is an ApiError with status 0, a non-2xx answer other than `okStatus` an ApiError
   * with the server's message.
   */
  async function send<B>(
    method: string,
    path: string,
    opts: SendOptions,
    read: (response: Response) => Promise<B>,
    accept: string,
  ): Promise<{ response: Response; body: unknown }> {
    const headers: Record<string, string> = { Accept: accept, ...opts.headers };
    const token = opts.auth !== false ? (options.getToken?.() ?? null) : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    // FormData goes as is: fetch sets the multipart Content-Type with its boundary.
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    // One controller for both the caller's signal and the timeout.
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), opts.timeoutMs ?? API_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onAbort);

    let response: Response;
    let parsed: unknown;
    try {
      response = await doFetch(baseUrl + path, { method, headers, body, signal: controller.signal });
      // An error answer is read as JSON/text for its message, whatever the caller expects.
      parsed = response.ok ? await read(response) : await readBody(response);
    } catch {
      throw new ApiError(0, opts.networkMessage ?? MSG.networkError);
    } finally {
      clearTimeout(timeout);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    if (!response.ok && response.status !== 304) {
      const serverMessage = messageOf(parsed);
      const error = new ApiError(
        response.status,
        serverMessage ?? opts.fallbackMessage ?? MSG.unknownError,
        serverMessage,
        parsed,
      );
      if (response.status === 401 && token) options.onUnauthorized?.(error, token);
      throw error;
    }
    return { response, body: parsed };
  }

  async function request<T>(method: string, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const { response, body: parsed } = await send(method, path, opts, readBody, 'application/json');
    if (!opts.schema) return parsed as T;
    const result = opts.schema.safeParse(parsed);
    if (!result.success) throw new ApiError(response.status, opts.fallbackMessage ?? MSG.unknownError);
    return result.data;
  }

  async function getBytes(path: string, opts: BytesRequestOptions = {}): Promise<BytesResponse | null> {
    const headers: Record<string, string> = opts.ifNoneMatch ? { 'If-None-Match': opts.ifNoneMatch } : {};
    const { response, body } = await send(
      'GET',
      path,
      { ...opts, headers },
      async (r) => new Uint8Array(await r.arrayBuffer()),
      '*/*',
    );
    if (response.status === 304) return null;
    return {
      bytes: body as Uint8Array,
      etag: response.headers.get('ETag'),
      contentType: response.headers.get('Content-Type'),
    };
  }

  return {
    request,
    get: (path, schema, opts) => request('GET', path, { ...opts, schema: schema ?? opts?.schema }),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    getBytes,
  };
}
