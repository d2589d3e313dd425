/**
 * Downloads of files the API makes (exports and the payouts file, issue 29). The request needs the
 * bearer token, so a plain link cannot fetch it: the file is read with requestFile and saved from an
 * object URL through a temporary `<a download>`; its name comes from the answer's
 * Content-Disposition (the API's), else the fallback.
 */
import { requestFile } from '../../../lib/api-client.ts';

/** The query a list sends, as URL text: empty values left out, arrays as `key[]` (like api-client). */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(`${k}[]`, String(item));
    else params.set(k, String(v as string | number | boolean));
  }
  return params.toString();
}

/** A path under the API base with its query (`/admin/orders/export?format=csv&status=New`). */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const qs = queryString(query);
  return qs ? `${path}?${qs}` : path;
}

/** An object URL lives this long after the click (the browser has the file by then), then it is revoked. */
const URL_TTL_MS = 60_000;

/** Reads the file at `path` (an API path) and saves it; answers the file name used. */
export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  const { blob, name } = await requestFile(path, signal);
  const fileName = name ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  try {
    a.click();
  } finally {
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), URL_TTL_MS);
  }
  return fileName;
}
