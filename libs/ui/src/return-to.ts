/**
 * A `returnTo` query value made safe to navigate to: only a path on this origin is accepted, parsed with
 * `URL` the way the browser will resolve it (so `/\evil.example`, `//evil.example`, `/\t/evil.example`,
 * `/.//evil.example` and `https://evil.example` all fall back). Returns path + search + hash, or `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string, origin: string = currentOrigin()): string {
  if (!value || !value.startsWith('/')) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path starting with two slashes (or a backslash after the first) is read as another host when navigated to.
  if (/^\/[/\\]/.test(path)) return fallback;
  return path;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
