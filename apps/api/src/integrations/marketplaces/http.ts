import { MpRateLimited, MpUnavailable } from './types.ts';

/** One call of a marketplace client: a timeout, and the failures every API shares told apart. */
export interface MpHttpOptions {
  timeoutMs?: number;
  /** Tests may pass their own fetch. */
  fetch?: typeof fetch;
}

export interface MpResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or undefined when it is not JSON (an HTML error page). */
  json: unknown;
  text: string;
}

const retryAfterSeconds = (h: string | null): number => {
  if (!h) return 60;
  const n = Number(h);
  if (Number.isFinite(n) && n >= 0) return Math.min(Math.ceil(n), 3600);
  const at = Date.parse(h);
  return Number.isFinite(at) ? Math.min(Math.max(1, Math.ceil((at - Date.now()) / 1000)), 3600) : 60;
};

/**
 * Sends the request; a network failure, a timeout or a 5xx is MpUnavailable and a 429 is
 * MpRateLimited (its Retry-After kept). Anything else is answered for the client to read.
 */
export async function mpFetch(label: string, url: string, init: RequestInit, opts: MpHttpOptions = {}): Promise<MpResponse> {
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000) });
  } catch (err) {
    throw new MpUnavailable(`${label}: ${(err as Error).name === 'TimeoutError' ? 'no answer in time' : (err as Error).message}`);
  }
  const text = await res.text().catch(() => '');
  if (res.status === 429) throw new MpRateLimited(`${label}: too many requests`, retryAfterSeconds(res.headers.get('retry-after')));
  if (res.status >= 500) throw new MpUnavailable(`${label}: HTTP ${res.status}`);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const strOrNull = (v: unknown): string | null => {
  const s = str(v).trim();
  return s ? s : null;
};
