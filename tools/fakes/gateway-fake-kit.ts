/**
 * Small pieces shared by the gateway fakes. Written independently of the API's adapters on purpose:
 * the adapters are tested against these fakes, so a shared bug must not make both agree.
 */
import type { FastifyInstance } from 'fastify';

export type Pairs = Array<[string, string]>;

/** PHP urlencode: only A-Za-z0-9-_. survive, spaces become +, hex upper case. */
export function phpEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function encodeForm(pairs: Pairs): string {
  return pairs.map(([k, v]) => `${k}=${phpEncode(v)}`).join('&');
}

export function get(pairs: Pairs, name: string): string | undefined {
  return pairs.find(([n]) => n === name)?.[1];
}

/**
 * Inside the fake's own (encapsulated) plugin only: form bodies arrive as ordered pairs, whatever the
 * host app parses forms into (the product may keep raw strings for its signed notifications).
 */
export function acceptForms(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, [...new URLSearchParams(body as string)]);
  });
}

export function bodyPairs(body: unknown): Pairs {
  if (typeof body === 'string') return [...new URLSearchParams(body)];
  if (Array.isArray(body)) return body as Pairs;
  if (body && typeof body === 'object') return Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  return [];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export { esc as escapeHtml };

/** A plain page in the gateway's colours. No scripts (the product's CSP allows none inline). */
export function page(title: string, brand: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;color:#1f2933}
header{background:${brand};color:#fff;padding:14px 20px;font-weight:600}
main{box-sizing:border-box;width:calc(100% - 32px);max-width:440px;margin:32px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px}dt{color:#616e7c}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:700;margin:8px 0 20px}.note{color:#616e7c;font-size:13px}
form{display:inline}.buttons{display:flex;gap:8px;flex-wrap:wrap}
button{font:inherit;padding:10px 18px;border-radius:6px;border:1px solid #cbd2d9;background:#fff;cursor:pointer}
button.primary{background:${brand};border-color:${brand};color:#fff}.error{color:#b42318}
</style></head><body><header>${esc(title)}</header><main>${body}</main></body></html>`;
}

/**
 * A gateway page's own Content-Security-Policy, as a real gateway's page carries its own: only its
 * inline style, and its forms go to the gateway itself and on to the merchant's return addresses
 * (the 303 after a form post is checked against form-action). Set on the reply, it replaces the
 * policy of a product that mounts the fake as its local sandbox, whose 'self' is not the merchant's.
 */
export function gatewayPagePolicy(merchantUrls: Array<string | undefined>): string {
  const origins = new Set<string>();
  for (const url of merchantUrls) {
    try {
      if (url && /^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ["form-action 'self'", ...origins].join(' '),
  ].join('; ');
}

/** Posts a form to a merchant URL and records what happened. Never throws. */
export async function postForm(url: string, pairs: Pairs): Promise<{ status: number; error?: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(pairs),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return { status: res.status };
  } catch (error) {
    return { status: 0, error: (error as Error).message };
  }
}

/** Adds the query fields to a URL (keeps its own query). */
export function withQuery(url: string, pairs: Pairs): string {
  const u = new URL(url);
  for (const [k, v] of pairs) u.searchParams.append(k, v);
  return u.toString();
}
