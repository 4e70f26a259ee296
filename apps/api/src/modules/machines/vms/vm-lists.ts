import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Money } from '@mawingu/contracts/pricing/money';
import type { ChargedPayment } from '@mawingu/contracts/invoices';
import type { ArchivedVm, RenewalRow, UserBackup } from '@mawingu/contracts/vm-actions';
import type { Db } from '../../../db/client.ts';
import { vmBackups, vms } from '../../../db/schema.ts';

/**
 * A VM's share of what its renewal was charged in another currency: the whole charge for a renewal
 * of one VM; for a multi-renewal the share in proportion to the VM's part of the rand total, to the cent.
 */
function chargedOfShare(charged: ChargedPayment | undefined, share: string, orderTotal: string): ChargedPayment | null {
  if (!charged) return null;
  if (new Money(share).eq(orderTotal)) return charged;
  const total = new Money(orderTotal);
  const amount = total.isZero() ? new Money(0) : new Money(charged.amount).times(share).div(total);
  return { ...charged, amount: amount.toFixed(2) };
}

/** What each paid order was charged in another currency (billing's answer, handed in: machines does not import billing). */
export type ChargedOfOrders = (
  db: Db,
  companyId: number,
  orders: { id: number; currency: string }[],
) => Promise<Map<number, ChargedPayment>>;

/** One VM a paid renewal renewed: the orders' answer (handed in: machines does not import orders), newest payment first. */
export type PaidRenewal = {
  orderId: number;
  paidAt: Date | null;
  currency: string;
  orderTotal: string;
  vmId: number;
  daysAdded: number;
  total: string;
};
export type PaidRenewalsOf = (db: Db, companyId: number, customerId: number) => Promise<PaidRenewal[]>;

/** What the Renewals tab reads of other domains: the orders' renewals and billing's charges. */
export type RenewalReads = { paidRenewalsOf: PaidRenewalsOf; chargedOfOrders: ChargedOfOrders };

/**
 * The account page's other lists (Backup, Archived, Renewals tabs), every query narrowed by company
 * and customer first so the (company, customer) indexes carry them.
 */
export function createVmLists(db: Db, { paidRenewalsOf, chargedOfOrders }: RenewalReads) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;

  /** The spec's "Clone/snapshot entry", newest first; deleted copies are gone from the tab. */
  async function backupsOf(companyId: number, customerId: number): Promise<UserBackup[]> {
    const rows = await db
      .select({ backup: vmBackups, vmName: vms.name, provider: vms.provider })
      .from(vmBackups)
      .innerJoin(vms, eq(vms.id, vmBackups.vmId))
      .where(and(eq(vmBackups.companyId, companyId), eq(vmBackups.customerId, customerId), ne(vmBackups.state, 'deleted')))
      .orderBy(desc(vmBackups.createdAt), desc(vmBackups.id));
    return rows.map(({ backup: b, vmName, provider }) => ({
      ID: b.id,
      vmName,
      cloneParentID: b.vmId,
      isCloneOrSnapshot: b.kind === 'clone' ? 'Clone' : 'Snapshot',
      cloneCPU_Count: b.cpu,
      cloneRAM_Count: b.ramGb,
      cloneDisk_Count: b.diskGb,
      cloneDuration: b.cloneDuration,
      cloneType: b.cloneType,
      cloneUUID: b.externalId,
      serviceCategory: provider,
      isRestoredVM: b.state === 'restored' ? 1 : 0,
      backupStatus: b.state === 'deleted' ? 'failed' : b.state,
      pendingAction: b.pendingAction,
      createdDate: b.createdAt.toISOString(),
    }));
  }

  /** The spec's "Archived VM", most recently archived first. */
  async function archivedOf(companyId: number, customerId: number): Promise<ArchivedVm[]> {
    const rows = await db
      .select()
      .from(vms)
      .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId), eq(vms.state, 'archived')))
      .orderBy(sql`${vms.archivedAt} desc nulls last`, desc(vms.id));
    return rows.map((vm) => ({
      ID: vm.id,
      vmName: vm.name,
      operatingSystem: vm.os,
      cpu_Count: vm.cpu,
      ram_Count: vm.ramGb,
      disk_Count: vm.diskGb,
      createdUUID: vm.externalId,
      serviceCategory: vm.provider,
      isBlocked: vm.blocked ? 1 : 0,
      pendingAction: vm.pendingAction,
      archivedDate: iso(vm.archivedAt),
      endDate: iso(vm.endAt),
    }));
  }

  /** Paid renewals (kinds 3 and 5), one row per VM renewed, newest payment first. */
  async function renewalsOf(companyId: number, customerId: number): Promise<RenewalRow[]> {
    const renewed = await paidRenewalsOf(db, companyId, customerId);
    const machines = renewed.length
      ? await db
          .select({ id: vms.id, name: vms.name, alias: vms.alias, endAt: vms.endAt })
          .from(vms)
          .where(inArray(vms.id, [...new Set(renewed.map((r) => r.vmId))]))
      : [];
    const byId = new Map(machines.map((vm) => [vm.id, vm]));
    const rows = renewed.flatMap((r) => {
      const vm = byId.get(r.vmId);
      return vm ? [{ ...r, vmName: vm.name, alias: vm.alias, endAt: vm.endAt }] : [];
    });
    const charged = await chargedOfOrders(
      db,
      companyId,
      rows.map((r) => ({ id: r.orderId, currency: r.currency })),
    );
    return rows.map((r) => ({
      orderID: r.orderId,
      vmID: r.vmId,
      vmName: r.vmName,
      aliasName: r.alias?.trim() || null,
      daysAdded: r.daysAdded,
      renewedOn: r.paidAt!.toISOString(),
      newEndDate: iso(r.endAt),
      currencyCode: r.currency,
      amount: r.total,
      charged: chargedOfShare(charged.get(r.orderId), r.total, r.orderTotal),
    }));
  }

  return { backupsOf, archivedOf, renewalsOf };
}

export type VmLists = ReturnType<typeof createVmLists>;
