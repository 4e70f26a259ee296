import { STATUS } from '@mawingu/contracts/envelope';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import type { CompanyConfigurationReply } from '../api/company/get-company-configuration.ts';
import { paths } from './paths.ts';

/**
 * Spec section 4: where a configuration answer sends the visitor. 300 is maintenance; 404 or an
 * incomplete configuration means the company is not registered yet. Any other failure stays put
 * (the message is kept and offered with a retry).
 */
export function routeForConfiguration(reply: CompanyConfigurationReply): string | null {
  if (reply.status === STATUS.maintenance) return paths.underMaintenance.getHref();
  if (reply.status === STATUS.notFound) return paths.companyNotRegistered.getHref();
  if (reply.status === STATUS.ok && !isCompanyConfigurationComplete(reply.data)) {
    return paths.companyNotRegistered.getHref();
  }
  return null;
}
