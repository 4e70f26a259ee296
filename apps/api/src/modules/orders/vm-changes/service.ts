import type { OrderDetail } from '@mawingu/contracts/purchase';
import type { BackupOrder, UpdateVm, VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { presentOrder } from '../purchase/present-order.ts';
import { usdRateOf } from '../purchase/purchase-terms.ts';
import { labelOfVms } from '../../machines/index.ts';
import type { VmPurchaseDeps } from '../vm-purchase-deps.ts';
import { changeDetailsOf } from './change-details.ts';
import { BACKUP_ORDER, storeChangeOrder, UPDATE_ORDER } from './change-order-store.ts';
import { createBackupFulfilment } from './fulfil-backup.ts';
import { createUpdateFulfilment } from './fulfil-update.ts';
import type { PowerOffTiming } from './power-off.ts';
import { quoteBackup, type BackupKind } from './quote-backup.ts';
import { quoteUpdate } from './quote-update.ts';
import { assertNoLiveCopy, loadVmContext } from './vm-context.ts';

export type DetailPurpose = 'update' | BackupKind;

/** Orderly shutdown gets two minutes before the hard stop; the hypervisor is asked every two seconds. */
const DEFAULT_TIMING: PowerOffTiming = {
  pollMs: 2000,
  shutdownTimeoutMs: 120_000,
  stopTimeoutMs: 120_000,
};

/** Update (kind 4) and clone or snapshot (kind 2): the pages' details, the orders, and what payment sets off. */
export function createVmChangeService(deps: VmPurchaseDeps, timing: Partial<PowerOffTiming> = {}) {
  const { db, catalog, terms, zarToUsdRate, takenToGateway } = deps;

  const contextOf = (companyId: number, customerId: number, vmId: number) => loadVmContext(db, catalog, terms, companyId, customerId, vmId);

  async function details(companyId: number, customerId: number, vmId: number, purpose: DetailPurpose): Promise<VmChangeDetails> {
    const ctx = await contextOf(companyId, customerId, vmId);
    if (purpose !== 'update') assertNoLiveCopy(ctx);
    const vmSpec = await catalog.specification(companyId, ctx.product.row.id, ctx.region.id, true);
    return changeDetailsOf(ctx, vmSpec, usdRateOf(ctx.terms, zarToUsdRate));
  }

  async function orderUpdate(companyId: number, customerId: number, input: UpdateVm): Promise<OrderDetail> {
    const ctx = await contextOf(companyId, customerId, input.clientVMID);
    const quote = quoteUpdate(input, ctx);
    const stored = await storeChangeOrder(db, takenToGateway, ctx, customerId, {
      kind: UPDATE_ORDER,
      days: ctx.remainingDays,
      totals: quote.bill,
      lines: quote.bill.lines.map((l, i) => ({
        name: l.name,
        unit: l.unit,
        count: l.toCount,
        amount: l.amount,
        costPerUnit: quote.rates[i]!,
      })),
      details: quote.details,
      gateway: quote.gateway,
      bypass: quote.bypass,
    });
    return presentOrder(
      stored,
      quote.bypass ? [] : ctx.terms.gatewaysIn(ctx.region.id),
      usdRateOf(ctx.terms, zarToUsdRate),
      labelOfVms([ctx.vm]),
    );
  }

  async function orderBackup(companyId: number, customerId: number, kind: BackupKind, input: BackupOrder): Promise<OrderDetail> {
    const ctx = await contextOf(companyId, customerId, input.clientVMID);
    assertNoLiveCopy(ctx);
    const quote = quoteBackup(kind, input, ctx);
    const stored = await storeChangeOrder(db, takenToGateway, ctx, customerId, {
      kind: BACKUP_ORDER,
      days: quote.days,
      totals: quote.bill,
      lines: quote.bill.lines.map((l, i) => ({
        ...l,
        costPerUnit: quote.rates[i]!,
      })),
      details: quote.details,
      gateway: quote.gateway,
      bypass: quote.bypass,
    });
    return presentOrder(
      stored,
      quote.bypass ? [] : ctx.terms.gatewaysIn(ctx.region.id),
      usdRateOf(ctx.terms, zarToUsdRate),
      labelOfVms([ctx.vm]),
    );
  }

  const fulfilUpdate = createUpdateFulfilment(deps, {
    ...DEFAULT_TIMING,
    ...timing,
  });
  const fulfilBackup = createBackupFulfilment(deps);

  return { details, orderUpdate, orderBackup, fulfilUpdate, fulfilBackup };
}

export type VmChangeService = ReturnType<typeof createVmChangeService>;
