import { and, desc, eq, ne } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

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
  if (vm.state === 'provisioning' || vm.state === 'failed' || vm.externalId === null)
    throw new AppError('vm_not_ready', 409, messages.vmNotReady);
  if (vm.pendingAction) throw new AppError('vm_busy', 409, messages.vmBusy);
}

/**
 * The customer's VM by the hypervisor's id (the spec's virDomainUUID / virtualMachineUUID): VM
 * calls name the machine, not the row. Same tenancy as findCustomerVm: anyone else's is a 404.
 */
export async function findCustomerVmByExternalId(db: Db, companyId: number, customerId: number, externalId: string): Promise<CustomerVm> {
  const [vm] = await db
    .select()
    .from(vms)
    .where(and(eq(vms.externalId, externalId), eq(vms.companyId, companyId), eq(vms.customerId, customerId), ne(vms.state, 'deleted')))
    .orderBy(desc(vms.id))
    .limit(1);
  if (!vm) throw new AppError('not_found', 404, messages.vmNotFound, { virDomainUUID: messages.vmNotFound });
  return vm;
}
