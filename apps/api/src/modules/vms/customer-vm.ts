import { and, eq } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../db/client.ts';
import { vms } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

export type CustomerVm = typeof vms.$inferSelect;

/**
 * One of the customer's VMs in this company; anyone else's, or a deleted one, is a 404 (never a
 * hint that it exists). Every VM call starts here, so tenancy is checked in one place.
 */
export async function findCustomerVm(db: Db, companyId: number, customerId: number, vmId: number): Promise<CustomerVm> {
  const [vm] = await db
    .select()
    .from(vms)
    .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), eq(vms.customerId, customerId)));
  if (!vm || vm.state === 'deleted') throw new AppError('not_found', 404, messages.vmNotFound, { productID: messages.vmNotFound });
  return vm;
}

/**
 * A VM the customer may act on: blocked by an operator → 403 (the spec: blocked VMs cannot be used,
 * viewed, updated, cloned, renewed or given an IP — the server refuses, not only the SPA); still
 * being made or failed → 409; another hypervisor action under way → 409.
 */
export async function findActionableVm(db: Db, companyId: number, customerId: number, vmId: number): Promise<CustomerVm> {
  const vm = await findCustomerVm(db, companyId, customerId, vmId);
  assertActionable(vm);
  return vm;
}

export function assertActionable(vm: CustomerVm): void {
  if (vm.blocked) throw new AppError('vm_blocked', 403, messages.vmBlocked);
  if (vm.state === 'provisioning' || vm.state === 'failed' || vm.externalId === null) throw new AppError('vm_not_ready', 409, messages.vmNotReady);
  if (vm.pendingAction) throw new AppError('vm_busy', 409, messages.vmBusy);
}
