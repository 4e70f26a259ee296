import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { AssignPublicIp, PublicIpState } from '@mawingu/contracts/vm-actions';
import type { Db } from '../../db/client.ts';
import { companies, publicIps } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { PublicIpError, type PublicIp } from '../../integrations/network/public-ip.ts';
import { assignPublicIpSpec, type AssignPublicIpJobData } from '../../jobs/assign-public-ip.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ActionRetry } from '../../jobs/vm-action-vm.ts';
import { sqlOf } from '../../jobs/transaction-sql.ts';
import { describeError } from '../vms/machine-state.ts';
import { findCustomerVm } from '../vms/customer-vm.ts';
import { publicIpKeyOf } from './public-ip-key.ts';

export type PublicIpServiceDeps = { db: Db; queue: JobQueue; publicIp: PublicIp; retry?: ActionRetry };

type Customer = { companyId: number; customerId: number };

/**
 * A VM's public IP (the spec's assignPublicIP): the request is checked and recorded 'pending' with
 * its job in one transaction; the job forwards the ports through the PublicIp port (Meraki or the
 * simulator) and marks it active with the address, or failed with the reason. One request per VM:
 * a failed one may be asked again.
 */
export function createPublicIpService(deps: PublicIpServiceDeps) {
  const { db, queue, publicIp } = deps;
  const spec = assignPublicIpSpec(deps.retry);

  async function maintenance(companyId: number): Promise<boolean> {
    const [row] = await db.select({ flag: companies.runMerakiScript }).from(companies).where(eq(companies.id, companyId));
    return row?.flag ?? false;
  }

  async function assign(who: Customer, input: AssignPublicIp): Promise<{ ID: number; publicIpState: PublicIpState; ciscoMerakiIP: string | null }> {
    const vm = await findCustomerVm(db, who.companyId, who.customerId, input.productID);
    if (vm.blocked) throw new AppError('vm_blocked', 403, messages.vmBlocked);
    if (!['running', 'stopped'].includes(vm.state) || vm.externalId === null) throw new AppError('vm_not_ready', 409, messages.vmNotReady);
    if (vm.pendingAction === 'deleting') throw new AppError('vm_busy', 409, messages.vmBusy);
    if (await maintenance(who.companyId)) throw new AppError('maintenance', 409, messages.merakiMaintenance);
    const values = { lanIp: input.lanIP, hostName: input.hostName, tcpPorts: input.tcpPort, udpPorts: input.udpPort, publicIp: null, state: 'pending', lastError: null };
    await db.transaction(async (tx) => {
      // One row per VM (unique): a new request, or a failed one asked again; anything else is taken.
      const [row] = await tx
        .insert(publicIps)
        .values({ companyId: vm.companyId, vmId: vm.id, ...values })
        .onConflictDoUpdate({ target: publicIps.vmId, set: { ...values, updatedAt: sql`now()` }, setWhere: eq(publicIps.state, 'failed') })
        .returning({ id: publicIps.id });
      if (!row) throw new AppError('public_ip_exists', 409, messages.publicIpExists);
      const id = await queue.send(spec, { vmId: vm.id }, { db: sqlOf(tx) });
      if (id === null) throw new AppError('public_ip_exists', 409, messages.publicIpExists);
    });
    return { ID: vm.id, publicIpState: 'pending', ciscoMerakiIP: null };
  }

  /** The job: forward once, mark active once; retried while the network is unreachable. */
  async function runAssign(job: AssignPublicIpJobData, final: boolean): Promise<void> {
    const [row] = await db.select().from(publicIps).where(eq(publicIps.vmId, job.vmId));
    if (!row || row.state !== 'pending') return;
    const pending = and(eq(publicIps.id, row.id), eq(publicIps.state, 'pending'));
    try {
      const { publicIp: address } = await publicIp.forward({
        lanIp: row.lanIp,
        hostName: row.hostName,
        tcpPorts: row.tcpPorts,
        udpPorts: row.udpPorts,
        key: publicIpKeyOf(row.vmId),
      });
      await db.update(publicIps).set({ state: 'active', publicIp: address, lastError: null, updatedAt: sql`now()` }).where(pending);
    } catch (err) {
      const retryable = !(err instanceof PublicIpError) || err.retryable;
      if (retryable && !final) {
        await db.update(publicIps).set({ lastError: describeError(err), updatedAt: sql`now()` }).where(pending);
        throw err;
      }
      await db.update(publicIps).set({ state: 'failed', lastError: describeError(err), updatedAt: sql`now()` }).where(pending);
    }
  }

  /** The spec's runMerakiScript as 0/1: the SPA shows the maintenance text instead of the form. */
  async function maintenanceFlag(companyId: number): Promise<{ runMerakiScript: 0 | 1 }> {
    return { runMerakiScript: (await maintenance(companyId)) ? 1 : 0 };
  }

  return { assign, runAssign, maintenanceFlag };
}

export type PublicIpService = ReturnType<typeof createPublicIpService>;
