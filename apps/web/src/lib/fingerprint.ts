const FALLBACK_KEY = 'device_token';

let pending: Promise<string> | null = null;

function fallbackId(): string {
  try {
    const stored = localStorage.getItem(FALLBACK_KEY);
    if (stored) return stored;
    const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    localStorage.setItem(FALLBACK_KEY, id);
    return id;
  } catch {
    return `anon-${Date.now()}`;
  }
}

/** The browser fingerprint sent as device_token; FingerprintJS is loaded lazily. */
export function getDeviceToken(): Promise<string> {
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then((mod) => mod.load())
    .then((agent) => agent.get())
    .then((r) => r.visitorId || fallbackId())
    .catch(() => fallbackId());
  return pending;
}
