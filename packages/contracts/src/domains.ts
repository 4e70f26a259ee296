import { z } from 'zod';
import { envelope } from './envelope.ts';
import { siteUrl } from './fields.ts';
import { messages } from './messages.ts';

/** The only top-level domain the marketplace checks (portal spec: the '.com' suffix). */
export const DOMAIN_SUFFIX = '.com';

/**
 * A DNS label (RFC 1035: letters, digits, hyphens, 1 to 63 characters, no hyphen at either end),
 * optionally followed by ".com". Written without nested quantifiers so it cannot backtrack.
 */
export const DOMAIN_LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.com)?$/;

export const domainName = z
  .string({ error: messages.domainNameRequired })
  .trim()
  .toLowerCase()
  .min(1, messages.domainNameRequired)
  .max(67, messages.domainNameInvalid)
  .regex(DOMAIN_LABEL_PATTERN, messages.domainNameInvalid);

/** "Example" and "example.com" both mean example.com. */
export function toComDomain(name: string): string {
  const label = name.trim().toLowerCase();
  return label.endsWith(DOMAIN_SUFFIX) ? label : `${label}${DOMAIN_SUFFIX}`;
}

/** marketplace/checkDomain: our name for the spec's domain availability check. */
export const checkDomainRequest = z.object({ domainName, websiteUrl: siteUrl });
export type CheckDomainRequest = z.infer<typeof checkDomainRequest>;

export const domainResult = z.object({ domainName: z.string(), available: z.boolean() });
export type DomainResult = z.infer<typeof domainResult>;
/** 200 when available, 409 "This Domain is already taken." when not; both carry the result. */
export const checkDomainResponse = envelope(domainResult);
