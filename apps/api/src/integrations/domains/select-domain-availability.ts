import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cachedDomainAvailability } from './cached-domain-availability.ts';
import type { DomainAvailability } from './domain-availability.ts';
import { createLocalDomainAvailability } from './local-domain-availability.ts';
import { createRdapDomainAvailability } from './rdap-domain-availability.ts';

/**
 * DOMAIN_CHECK picks the adapter: the registry's RDAP service (production's default), its answers
 * kept a while, or the company's local list (the default elsewhere; read fresh, operators edit it).
 */
export function selectDomainAvailability(config: Pick<Config, 'domainCheck' | 'rdapUrl'>, db: Db): DomainAvailability {
  return config.domainCheck === 'rdap'
    ? cachedDomainAvailability(createRdapDomainAvailability(config.rdapUrl))
    : createLocalDomainAvailability(db);
}
