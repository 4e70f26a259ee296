/**
 * Form encoding as the PHP gateways do it. PayFast signs `key=urlencode(value)` pairs with PHP's
 * `urlencode`: everything but A-Z a-z 0-9 - _ . is escaped, spaces become `+`, hex is upper case.
 * (encodeURIComponent leaves ! ' ( ) * ~ alone, so those are escaped on top.)
 */
export type FormPairs = Array<[string, string]>;

export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** `a=1&b=2` with PHP urlencode values (names are plain ASCII in every gateway protocol). */
export function encodePairs(pairs: FormPairs): string {
  return pairs.map(([name, value]) => `${name}=${phpUrlencode(value)}`).join('&');
}

/** Parses an application/x-www-form-urlencoded body keeping the received order (signatures depend on it). */
export function parseFormPairs(raw: string): FormPairs {
  return [...new URLSearchParams(raw)];
}

/**
 * A notification body in whatever shape the HTTP layer produced: the raw urlencoded string (best:
 * order is exactly as received), an ordered list of pairs, or a flat object of strings.
 * Returns undefined for anything else (nested values, numbers…), which callers treat as malformed.
 */
export function toFormPairs(body: unknown): FormPairs | undefined {
  if (typeof body === 'string') return parseFormPairs(body);
  if (body instanceof URLSearchParams) return [...body];
  if (Array.isArray(body)) {
    const ok = body.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string');
    return ok ? (body as FormPairs) : undefined;
  }
  if (body !== null && typeof body === 'object') {
    const entries = Object.entries(body as Record<string, unknown>);
    return entries.every(([, v]) => typeof v === 'string') ? (entries as FormPairs) : undefined;
  }
  return undefined;
}

/** First value of a field, or undefined. */
export function field(pairs: FormPairs, name: string): string | undefined {
  return pairs.find(([n]) => n === name)?.[1];
}
