import type { OrderDetail } from '@mawingu/contracts/purchase';
import type { MultiRenewDetails, RenewSelectedVM, RenewVM, RenewVmDetails } from '@mawingu/contracts/renewals';
import type { FulfilAttempt } from '../fulfil-order-job.ts';
import { presentOrder } from '../purchase/present-order.ts';
import { usdRateOf } from '../purchase/purchase-terms.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';
import { labelOfVms } from '../../machines/index.ts';
import { createRenewalFulfilment } from './fulfil-renewal.ts';
import { multiRenewDetailsOf, renewDetailsOf } from './renew-details.ts';
import { quoteMultiRenewal, quoteRenewal } from './renew-quote.ts';
import { storeRenewalOrder } from './renewal-store.ts';
import { renewalTargetOf, renewalTargetsOf } from './renewal-target.ts';

/**
 * Renew (kind 3) and multi-renew (kind 5): the pages' VM details, the orders they create (priced
 * from the catalogue's current costs, arrears for the days past the end date) and what a paid one
 * does (fulfil). The orders are presented like CreateOrder's, so the purchase details page and
 * the payments module treat them like any other.
 */
export function createRenewalService(deps: VmPurchaseDeps, clock: () => Date = () => new Date()) {
  const { db, catalog, terms, zarToUsdRate, takenToGateway } = deps;
  const fulfilment = createRenewalFulfilment(deps);

  async function detailForRenew(companyId: number, customerId: number, vmId: number): Promise<RenewVmDetails> {
    const target = await renewalTargetOf(db, catalog, companyId, customerId, vmId, clock());
    const [vmSpec, companyTerms] = await Promise.all([
      catalog.specification(companyId, target.product.row.id, target.region.id, true),
      terms.of(companyId),
    ]);
    return renewDetailsOf(target, vmSpec, companyTerms, usdRateOf(companyTerms, zarToUsdRate));
  }

  async function renewVm(companyId: number, customerId: number, input: RenewVM): Promise<OrderDetail> {
    const target = await renewalTargetOf(db, catalog, companyId, customerId, input.clientVMID, clock());
    const companyTerms = await terms.of(companyId);
    const quote = quoteRenewal(input, target, companyTerms);
    const stored = await storeRenewalOrder(db, takenToGateway, companyId, customerId, quote);
    return presentOrder(stored, quote.gateways, usdRateOf(companyTerms, zarToUsdRate), labelOfVms([target.vm]));
  }

  async function dataForMultipleRenew(companyId: number, customerId: number, vmIds: number[]): Promise<MultiRenewDetails> {
    const targets = await renewalTargetsOf(db, catalog, companyId, customerId, vmIds, clock(), 'renewVMData');
    const companyTerms = await terms.of(companyId);
    return multiRenewDetailsOf(targets, companyTerms, usdRateOf(companyTerms, zarToUsdRate));
  }

  async function renewSelected(companyId: number, customerId: number, input: RenewSelectedVM): Promise<OrderDetail> {
    const targets = await renewalTargetsOf(db, catalog, companyId, customerId, input.clientVMID, clock(), 'clientVMID');
    const companyTerms = await terms.of(companyId);
    const quote = quoteMultiRenewal(input, targets, companyTerms);
    const stored = await storeRenewalOrder(db, takenToGateway, companyId, customerId, quote);
    return presentOrder(stored, quote.gateways, usdRateOf(companyTerms, zarToUsdRate), labelOfVms(targets.map((t) => t.vm)));
  }

  async function fulfil(orderId: number, attempt: FulfilAttempt): Promise<void> {
    await fulfilment.fulfil(orderId, attempt);
  }

  return { detailForRenew, renewVm, dataForMultipleRenew, renewSelected, fulfil };
}

export type RenewalService = ReturnType<typeof createRenewalService>;
