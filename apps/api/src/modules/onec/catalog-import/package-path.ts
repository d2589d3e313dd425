/** A relative path inside the package, or null when it would leave it. */
export function safeRelative(name: string): string | null {
  const n = name.replace(/\\/g, '/').trim();
  if (!n || n.length > 500 || n.startsWith('/') || /^[a-z]:/i.test(n) || n.includes('\0')) return null;
  const parts = n.split('/');
  if (parts.some((s) => s === '' || s === '.' || s === '..')) return null;
  return parts.join('/');
}
