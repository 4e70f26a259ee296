import type { FastifyRequest } from 'fastify';
import type { CompanyService, Tenant } from '../modules/tenant/company/service.ts';

/** The origins of the site URLs seen lately: a few per company, asked on every request. */
const origins = new Map<string, string | null>();

/**
 * Normalises a site URL to the origin the company table stores: lower-case scheme://host[:port],
 * no path, no trailing slash, default ports dropped. Returns null for anything that is not http(s).
 */
export function normaliseOrigin(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const known = origins.get(raw);
  if (known !== undefined) return known;
  const origin = originOf(raw);
  // Parsing a URL was a twentieth of a cached read's time; bounded, as the URLs come from clients.
  if (origins.size >= 1000) origins.clear();
  origins.set(raw, origin);
  return origin;
}

function originOf(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The site a request comes from: the spec's `websiteUrl`/`customerUrl` field when the call has one,
 * else the browser's Origin header, else the Host the request was sent to.
 */
export function siteOriginOf(req: FastifyRequest, bodyUrl?: string): string | null {
  return normaliseOrigin(bodyUrl) ?? normaliseOrigin(req.headers.origin) ?? normaliseOrigin(`${req.protocol}://${req.headers.host ?? ''}`);
}

/** The company serving the request's site, or the spec's "Company not registered yet" (404). */
export function requireTenant(company: CompanyService, req: FastifyRequest, bodyUrl?: string): Promise<Tenant> {
  return company.requireByOrigin(siteOriginOf(req, bodyUrl));
}
