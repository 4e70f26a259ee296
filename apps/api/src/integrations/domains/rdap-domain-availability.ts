import { DomainCheckUnavailableError, type DomainAvailability } from './domain-availability.ts';

export const VERISIGN_COM_RDAP = 'https://rdap.verisign.com/com/v1';

/**
 * RDAP lookup (RFC 9082/9083) at the .com registry: GET {base}/domain/{name} answers 200 with the
 * registration when the name is taken and 404 when it is free. Anything else, or no answer within
 * `timeoutMs`, is "unavailable": we never guess.
 */
export function createRdapDomainAvailability(baseUrl: string = VERISIGN_COM_RDAP, timeoutMs = 5000): DomainAvailability {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    kind: 'rdap',
    async isTaken(_companyId, domain) {
      let res: Response;
      try {
        res = await fetch(`${base}/domain/${encodeURIComponent(domain)}`, {
          headers: { accept: 'application/rdap+json' },
          redirect: 'follow',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new DomainCheckUnavailableError(`RDAP lookup of ${domain} failed`, { cause });
      }
      // Drain the body so the connection can be reused; its content is not needed.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 200) return true;
      if (res.status === 404) return false;
      throw new DomainCheckUnavailableError(`RDAP lookup of ${domain} answered HTTP ${res.status}`);
    },
  };
}
