import ky, { HTTPError, TimeoutError } from 'ky';
import type { ZodType } from 'zod';
import { errorBody } from './contract/common';
import { bindings, NETWORK_ERROR, TokenUnavailableError, type RequestMeta } from './bindings';
import { currentLocale } from '../i18n';

/** The header flag (docs/product.md, Loading and offline): a request carrying it does not move the loading indicator. */
export const IGNORE_LOADING_HEADER = 'X-Ignore-Loading';

/** A failed call, typed: the session machine decides what it means, this layer only describes it. */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer arrived (network failure, timeout, cancelled). */
    readonly status: number,
    /**
     * The server's `code`, or the client's own: network_error (no connection; the only one that means "network"),
     * timeout, invalid_response (an answer that is not the contract's: HTML from a proxy, a wrong shape), http_error
     * (an error status without the contract's error body), aborted, unknown_error.
     */
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR;
  }
}

export { bindApi, NETWORK_ERROR, type ApiBindings, type RequestMeta } from './bindings';

function baseUrl(): string {
  const configured = import.meta.env?.VITE_API_BASE_URL as string | undefined;
  const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost:8080';
  return new URL(configured ?? '/', origin).toString();
}

let instance: typeof ky | null = null;
/** The one ky instance of the client. */
function http(): typeof ky {
  instance ??= ky.create({ prefixUrl: baseUrl(), retry: 0, timeout: 30_000, throwHttpErrors: true });
  return instance;
}

async function toApiError(e: unknown): Promise<ApiError> {
  if (e instanceof ApiError) return e;
  if (e instanceof TokenUnavailableError) return new ApiError(e.failure.status, e.failure.code, e.failure.message);
  if (e instanceof HTTPError) {
    let body: unknown = null;
    try {
      body = await e.response.json();
    } catch {
      body = null;
    }
    const parsed = errorBody.safeParse(body);
    return parsed.success
      ? new ApiError(e.response.status, parsed.data.code, parsed.data.message, parsed.data.details)
      : new ApiError(e.response.status, 'http_error', e.response.statusText || `Request failed with status ${e.response.status}`);
  }
  if (e instanceof TimeoutError) return new ApiError(0, 'timeout', 'The server took too long to answer');
  // fetch rejects with a TypeError exactly when no answer arrived (offline, DNS, refused connection, CORS).
  if (e instanceof TypeError) return new ApiError(0, NETWORK_ERROR, 'Network Error');
  return new ApiError(0, 'unknown_error', e instanceof Error ? e.message : String(e));
}

export interface RequestOptions {
  json?: unknown;
  searchParams?: Record<string, string>;
  headers?: Record<string, string>;
  isPublic?: boolean;
  signal?: AbortSignal;
  /** Milliseconds before the call fails with code `timeout` (default 30 s). */
  timeout?: number;
}

/**
 * A long-lived GET whose body the caller reads as it arrives (the live stream): bearer token and failures as every
 * call, but no timeout and no loading indicator, since it is meant to stay open.
 */
export async function openStreaming(path: string, opts: Pick<RequestOptions, 'headers' | 'isPublic' | 'signal'> = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...opts.headers };
  const meta: RequestMeta = { method: 'GET', path, ignoreLoading: true, isPublic: Boolean(opts.isPublic) };
  try {
    if (!meta.isPublic) {
      const token = await bindings.getAccessToken();
      meta.token = token;
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const response = await http()(path.replace(/^\//, ''), { method: 'GET', headers, signal: opts.signal, timeout: false });
    bindings.onSuccess(meta);
    return response;
  } catch (e) {
    if (opts.signal?.aborted || (e instanceof DOMException && e.name === 'AbortError')) throw new ApiError(0, 'aborted', 'The request was cancelled');
    const err = await toApiError(e);
    if (!meta.isPublic) bindings.onFailure(err, meta);
    throw err;
  }
}

/** One call: bearer token, `data` unwrapped and validated against the contract, failures as ApiError. */
export function request<T>(schema: ZodType<T>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  return send(schema, method, path, opts, (body) => body?.data);
}

/** A list call (docs/product.md, API conventions): the whole `{ data, total }` answer, validated, since `total` sits beside `data`. */
export function requestList<T>(schema: ZodType<T>, path: string, opts: RequestOptions = {}): Promise<T> {
  return send(schema, 'GET', path, opts, (body) => body);
}

/** A file the server sends as an attachment (a report's PDF, an export's CSV), with the name it gives. */
export interface ApiFile {
  blob: Blob;
  name: string;
}

/** The attachment's file name from `Content-Disposition`, else a fallback. */
const fileName = (header: string | null, fallback: string) => /filename="?([^";]+)"?/.exec(header ?? '')?.[1] ?? fallback;

/** A download: bearer token and failures as every call, the body as a file rather than the contract's JSON. */
export function requestFile(path: string, fallbackName: string, opts: RequestOptions = {}): Promise<ApiFile> {
  return exchange('GET', path, opts, async (response) => ({ blob: await response.blob(), name: fileName(response.headers.get('Content-Disposition'), fallbackName) }));
}

function send<T>(
  schema: ZodType<T>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions,
  pick: (body: { data?: unknown } | null) => unknown,
): Promise<T> {
  return exchange(method, path, opts, async (response) => {
    let body: { data?: unknown } | null;
    try {
      body = (await response.json()) as { data?: unknown } | null;
    } catch {
      // A proxy's or captive portal's HTML page with 200: an answer arrived, so it is no network failure.
      throw new ApiError(response.status, 'invalid_response', 'The server answered in an unexpected shape');
    }
    const parsed = schema.safeParse(pick(body));
    if (!parsed.success) throw new ApiError(response.status, 'invalid_response', 'The server answered in an unexpected shape');
    return parsed.data;
  });
}

async function exchange<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  // The app's language, not the browser's: mails the server sends for this request (an invitation) are written in it.
  const headers: Record<string, string> = { 'Accept-Language': currentLocale(), ...opts.headers };
  const meta: RequestMeta = {
    method,
    path,
    ignoreLoading: Object.keys(headers).some((h) => h.toLowerCase() === IGNORE_LOADING_HEADER.toLowerCase()),
    isPublic: Boolean(opts.isPublic),
  };
  bindings.onStart(meta);
  try {
    if (!meta.isPublic) {
      const token = await bindings.getAccessToken();
      meta.token = token;
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    const response = await http()(path.replace(/^\//, ''), {
      method,
      headers,
      json: opts.json,
      searchParams: opts.searchParams,
      signal: opts.signal,
      ...(opts.timeout !== undefined ? { timeout: opts.timeout } : {}),
    });
    const result = await read(response);
    // docs/product.md, Errors: any successful response resets the authorization-failure counter, public ones included.
    bindings.onSuccess(meta);
    return result;
  } catch (e) {
    // A request its caller cancelled (a newer one replaced it) is no failure: nobody is told.
    if (opts.signal?.aborted || (e instanceof DOMException && e.name === 'AbortError')) throw new ApiError(0, 'aborted', 'The request was cancelled');
    const err = await toApiError(e);
    if (!meta.isPublic) bindings.onFailure(err, meta);
    throw err;
  } finally {
    bindings.onEnd(meta);
  }
}
