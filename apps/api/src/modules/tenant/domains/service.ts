import { toComDomain, type DomainResult } from '@mawingu/contracts/domains';
import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../../http/app-error.ts';
import { DomainCheckUnavailableError, type DomainAvailability } from '../../../integrations/domains/domain-availability.ts';

/** The marketplace's "Explore Domain": is `{name}.com` still free? */
export function createDomainService(availability: DomainAvailability) {
  async function check(companyId: number, name: string): Promise<DomainResult> {
    const domainName = toComDomain(name);
    try {
      return { domainName, available: !(await availability.isTaken(companyId, domainName)) };
    } catch (err) {
      if (err instanceof DomainCheckUnavailableError) {
        throw new AppError('domain_check_unavailable', 503, messages.domainCheckUnavailable);
      }
      throw err;
    }
  }

  return { check, kind: availability.kind };
}

export type DomainService = ReturnType<typeof createDomainService>;
