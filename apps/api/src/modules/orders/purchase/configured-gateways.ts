import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { PurchaseTermsSource } from './purchase-terms.ts';

/**
 * Purchase terms whose gateways are limited per company (issue 7): a region's gateway is offered
 * when the company can be paid through it now — its own readable credentials, else this server's
 * configuration (payments/gateway-credentials.ts `offered`, cached and invalidated with them).
 * Build the inner terms with every gateway configured; this narrows them.
 */
export function withCompanyGateways(
  terms: PurchaseTermsSource,
  offered: (companyId: number) => Promise<ReadonlySet<GatewayKey>>,
): PurchaseTermsSource {
  return {
    ...terms,
    async of(companyId) {
      const [own, available] = await Promise.all([terms.of(companyId), offered(companyId)]);
      return { ...own, gatewaysIn: (regionId) => own.gatewaysIn(regionId).filter((g) => available.has(g)) };
    },
  };
}
