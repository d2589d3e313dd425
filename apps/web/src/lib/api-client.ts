import type { z } from 'zod';
import { API_VERSION, EARLY_DATA_GLOBAL, type EarlyRead } from '@drop/shared';
import { clearToken, getToken } from './auth-token.ts';
import { i18n } from './i18n.ts';

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: Record<string, string[]>;
  /** Seconds from a 429's Retry-After header (e.g. how long until a new code may be mailed). */
  retryAfter?: number;

  constructor(status: number, message: string, code?: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code !== undefined) this.code = code;
    if (errors !== undefined) this.errors = errors;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The app registers router navigation here so a 401 goes to /login without a reload. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  body?: unknown;
  /** false: a 401 clears the token but does not navigate (login, confirm, token checks). */
  redirectOn401?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`, see lib/idempotency.ts). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(`${k}[]`, String(item));
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function toStringRecord(v: unknown): Record<string, string[]> | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(v as Record<string, unknown>)) {
    if (Array.isArray(msgs)) out[k] = msgs.map(String);
    else if (typeof msgs === 'string') out[k] = [msgs];
  }
  return out;
}

/** How long after the page's start an early read (the HTML's EARLY_DATA_SCRIPT) may stand in for a request. */
export const EARLY_READ_MAX_AGE_MS = 15_000;

/**
 * The answer the dashboard's HTML already asked for (EARLY_DATA_SCRIPT) for this GET, if it was asked
 * with the same token and language and not long ago: taken once, so a later read asks the API again.
 */
function takeEarlyRead(url: string, token: string | null, lang: string): Promise<Response> | undefined {
  const reads = (window as unknown as Record<string, Record<string, EarlyRead> | undefined>)[EARLY_DATA_GLOBAL];
  const read = reads?.[url];
  if (!read) return undefined;
  delete reads[url];
  if (read.token !== token || read.lang !== lang || performance.now() - read.at > EARLY_READ_MAX_AGE_MS) return undefined;
  return read.res;
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Localization': i18n.language || 'uk',
    'X-Api-Version': API_VERSION,
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let res: Response;
  try {
    const url = buildUrl(path, options.query);
    const early = method === 'GET' && !options.signal?.aborted ? takeEarlyRead(url, token, headers['X-Localization']!) : undefined;
    res = await (early ?? fetch(url, { method, headers, body, signal: options.signal ?? null }));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, i18n.t('errors.network'), 'NetworkError');
  }

  if (res.status === 204) return undefined as T;
  let json: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }

  if (!res.ok) {
    const obj = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
    const message = typeof obj.message === 'string' && obj.message ? obj.message : i18n.t('errors.generic');
    const code = typeof obj.code === 'string' ? obj.code : undefined;
    const error = new ApiError(res.status, message, code, toStringRecord(obj.errors));
    const retryAfter = Number(res.headers?.get('Retry-After'));
    if (retryAfter > 0) error.retryAfter = retryAfter;
    if (res.status === 401 && token) {
      clearToken();
      if (options.redirectOn401 !== false) onUnauthorized();
    }
    throw error;
  }
  return json as T;
}

/**
 * An authenticated download (the bearer token goes along, so a plain link cannot do it): order
 * documents. `url` is what the API gave (`/api/v1/media-files/{id}/file`, or absolute), or a path under the API base.
 */
export async function requestBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await requestFile(url, signal)).blob;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266: `filename*=UTF-8''...` before
 * `filename="..."`), or null.
 */
export function dispositionName(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([\w-]+)''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined;
  return name || null;
}

/** requestBlob with the file name the answer's Content-Disposition gives (exports, issue 29). */
export async function requestFile(url: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string | null }> {
  const target = /^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`) ? url : buildUrl(url);
  const headers: Record<string, string> = { 'X-Localization': i18n.language || 'uk', 'X-Api-Version': API_VERSION };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(target, { headers, signal: signal ?? null });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, i18n.t('errors.network'), 'NetworkError');
  }
  if (!res.ok) {
    let message = i18n.t('errors.generic');
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // not JSON
    }
    if (res.status === 401 && token) {
      clearToken();
      onUnauthorized();
    }
    throw new ApiError(res.status, message);
  }
  return { blob: await res.blob(), name: dispositionName(res.headers?.get?.('Content-Disposition')) };
}

/**
 * Reads `{data}` and, when a schema is given, validates it. The API validates every response
 * against the shared zod contract before it sends it (fastify-type-provider-zod's serializer), so
 * the reads of the first screens (the shell, the catalogue, products, the cart, markets) pass no
 * schema and rely on the contract's types: zod stays out of their code and off their main thread.
 */
async function data<T>(method: string, path: string, options: RequestOptions, schema?: z.ZodType<T>): Promise<T> {
  const body = await request<{ data: unknown } | undefined>(method, path, options);
  const value = body?.data;
  return schema ? schema.parse(value) : (value as T);
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, options: RequestOptions = {}) => data<T>('GET', path, options, schema),
  post: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, options: RequestOptions = {}) => data<T>('POST', path, { ...options, body }, schema),
  put: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, options: RequestOptions = {}) => data<T>('PUT', path, { ...options, body }, schema),
  delete: (path: string, options: RequestOptions = {}) => request<void>('DELETE', path, options),
  /** The whole body (for lists with meta and pagination). */
  raw: <T>(method: string, path: string, options: RequestOptions = {}) => request<T>(method, path, options),
};
