/**
 * Turns a configured address (social link, www, benefits item, redirect target) into a safe
 * external href. Empty, "NA" and non-http(s) schemes (javascript:, data:) give null; a bare host
 * such as "facebook.com/acme" gets https:// in front.
 */
export function toExternalHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed.toUpperCase() === 'NA') return null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** True for an absolute http(s) URL; used where the spec redirects the whole window. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
