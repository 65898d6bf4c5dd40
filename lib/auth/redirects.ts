/** Where to send the user around sign-in, without ever leaving the site (no open redirects). */

/** The /login URL that remembers the requested path (with its query). */
export function loginUrl(remember?: string): string {
  const target = safeCallback(remember);
  return target === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(target)}`;
}

/**
 * A same-site path to return to after sign-in, or "/". Rejects absolute and protocol-relative URLs,
 * backslash tricks, control characters and anything that resolves to another origin. What is checked is
 * the path returned (after normalisation: `/.//evil.example` becomes `//evil.example`), not the one given.
 */
export function safeCallback(value: string | null | undefined): string {
  if (!value || typeof value !== 'string') return '/';
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const base = 'http://site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    // Sign-in pages are never a destination after sign-in.
    if (url.pathname === '/login' || url.pathname.startsWith('/api/')) return '/';
    const path = url.pathname + url.search + url.hash;
    return path.startsWith('//') || path.startsWith('/\\') ? '/' : path;
  } catch {
    return '/';
  }
}
