import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DomainAvailability } from './domain-availability.ts';
import { createLocalDomainAvailability } from './local-domain-availability.ts';
import { createRdapDomainAvailability } from './rdap-domain-availability.ts';

/** DOMAIN_CHECK picks the adapter: the local list (default) or the registry's RDAP service. */
export function selectDomainAvailability(config: Pick<Config, 'domainCheck' | 'rdapUrl'>, db: Db): DomainAvailability {
  return config.domainCheck === 'rdap' ? createRdapDomainAvailability(config.rdapUrl) : createLocalDomainAvailability(db);
}
