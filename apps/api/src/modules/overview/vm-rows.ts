import { sql } from 'drizzle-orm';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import { customers, vms } from '../../db/schema.ts';

/** What the console's customer and VM views share: dates, search patterns, a VM row with its customer. */

export const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString());

export const customerName = sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`;

/** The columns of a VM as the console lists it; its customer by INNER JOIN. */
export const vmColumns = {
  vm: vms,
  customerName,
  customerEmail: customers.email,
};

type VmRowWithCustomer = { vm: typeof vms.$inferSelect; customerName: string; customerEmail: string };

export function toAdminVm({ vm, customerName: name, customerEmail }: VmRowWithCustomer): AdminVm {
  return {
    id: vm.id,
    name: vm.name,
    alias: vm.alias,
    state: vm.state,
    blocked: vm.blocked,
    customerId: vm.customerId,
    customerName: name,
    customerEmail,
    os: vm.os,
    provider: vm.provider,
    externalId: vm.externalId,
    cpu: vm.cpu,
    ramGb: vm.ramGb,
    diskGb: vm.diskGb,
    startAt: iso(vm.startAt),
    endAt: iso(vm.endAt),
    lastError: vm.lastError,
    pendingAction: vm.pendingAction,
    blockedReason: vm.blocked ? vm.blockedReason : null,
    orderId: vm.orderId,
    canRetry: vm.state === 'failed' && vm.orderId !== null,
    updatedAt: iso(vm.updatedAt)!,
  };
}
