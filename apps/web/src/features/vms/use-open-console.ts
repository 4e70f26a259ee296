/** The console address as an absolute http(s) URL (a relative one is the API's own page); else null. */
export function consoleHref(consoleUrl: string | null | undefined): string | null {
  if (!consoleUrl) return null;
  try {
    const url = new URL(consoleUrl, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
