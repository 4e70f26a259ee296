import { and, eq, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import type { AssignPublicIp, PublicIpState } from '@mawingu/contracts/vm-actions';
import { isVmStateIn, POWERED_VM_STATES } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { publicIps, vms } from '../../../db/schema.ts';
import { publicIpMaintenanceOf } from '../../tenant/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { PublicIpError, type PortForwarding, type PublicIp, type TakenPort } from '../../../integrations/network/public-ip.ts';
import { assignPublicIpSpec, type AssignPublicIpJobData } from './assign-job.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { ActionRetry } from '../vms/vm-action-job.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import type { NotificationService } from '../../identity/index.ts';
import { describeError } from '../vms/machine-state.ts';
import { findCustomerVm } from '../vms/customer-vm.ts';
import { publicIpKeyOf } from './public-ip-key.ts';

export type PublicIpServiceDeps = {
  db: Db;
  queue: JobQueue;
  publicIp: PublicIp;
  /** The customer's bell: a request that ends failed says so, and why. */
  notifications: Pick<NotificationService, 'notify'>;
  retry?: ActionRetry;
};

type Customer = { companyId: number; customerId: number };

/**
 * A VM's public IP (the spec's assignPublicIP): the request is checked and recorded 'pending' with
 * its job in one transaction; the job forwards the ports through the PublicIp port (Meraki or the
 * simulator) and marks it active with the address, or failed with the reason. One request per VM:
 * a failed one may be asked again.
 */
export function createPublicIpService(deps: PublicIpServiceDeps) {
  const { db, queue, publicIp, notifications } = deps;

  const portInUse = (taken: TakenPort) =>
    fill(messages.publicIpPortInUse, { port: taken.publicPort, protocol: taken.protocol.toUpperCase() });
  const spec = assignPublicIpSpec(deps.retry);

  async function maintenance(companyId: number): Promise<boolean> {
    return publicIpMaintenanceOf(db, companyId);
  }

  async function assign(
    who: Customer,
    input: AssignPublicIp,
  ): Promise<{ ID: number; publicIpState: PublicIpState; ciscoMerakiIP: string | null }> {
    const vm = await findCustomerVm(db, who.companyId, who.customerId, input.productID);
    if (vm.blocked) throw new AppError('vm_blocked', 403, messages.vmBlocked);
    if (!isVmStateIn(vm.state, POWERED_VM_STATES) || vm.externalId === null) throw new AppError('vm_not_ready', 409, messages.vmNotReady);
    if (vm.pendingAction === 'deleting') throw new AppError('vm_busy', 409, messages.vmBusy);
    if (await maintenance(who.companyId)) throw new AppError('maintenance', 409, messages.merakiMaintenance);
    // A port another VM already forwards is refused now, not "Successfull" and then failed.
    const taken = await publicIp.findClash({
      lanIp: input.lanIP,
      hostName: input.hostName,
      tcpPorts: input.tcpPort,
      udpPorts: input.udpPort,
      key: publicIpKeyOf(vm.id),
    });
    if (taken) throw AppError.badRequest(portInUse(taken), { [taken.protocol === 'tcp' ? 'tcpPort' : 'udpPort']: portInUse(taken) });
    const values = {
      lanIp: input.lanIP,
      hostName: input.hostName,
      tcpPorts: input.tcpPort,
      udpPorts: input.udpPort,
      publicIp: null,
      state: 'pending',
      lastError: null,
    };
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
    const forwarding: PortForwarding = {
      lanIp: row.lanIp,
      hostName: row.hostName,
      tcpPorts: row.tcpPorts,
      udpPorts: row.udpPorts,
      key: publicIpKeyOf(row.vmId),
    };
    try {
      const { publicIp: address } = await publicIp.forward(forwarding);
      await db
        .update(publicIps)
        .set({ state: 'active', publicIp: address, lastError: null, updatedAt: sql`now()` })
        .where(pending);
    } catch (err) {
      const retryable = !(err instanceof PublicIpError) || err.retryable;
      if (retryable && !final) {
        await db
          .update(publicIps)
          .set({ lastError: describeError(err), updatedAt: sql`now()` })
          .where(pending);
        throw err;
      }
      await fail(row.vmId, pending, forwarding);
    }
  }

  /**
   * The request ends failed: the VM row and the customer's bell say why in words for them (a port
   * taken meanwhile, or the network refused or could not be reached). Asked again, it starts over.
   */
  async function fail(vmId: number, pending: ReturnType<typeof and>, forwarding: PortForwarding): Promise<void> {
    const taken = await publicIp.findClash(forwarding).catch(() => undefined);
    const reason = taken ? portInUse(taken) : messages.publicIpNetworkFailed;
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(publicIps)
        .set({ state: 'failed', lastError: reason, updatedAt: sql`now()` })
        .where(pending)
        .returning({ id: publicIps.id });
      if (!failed) return;
      const [vm] = await tx
        .select({ companyId: vms.companyId, customerId: vms.customerId, name: vms.name })
        .from(vms)
        .where(eq(vms.id, vmId));
      if (vm)
        await notifications.notify(vm.companyId, vm.customerId, fill(messages.publicIpFailed, { name: vm.name, reason }), tx, {
          to: 'products',
        });
    });
  }

  /** The spec's runMerakiScript as 0/1: the SPA shows the maintenance text instead of the form. */
  async function maintenanceFlag(companyId: number): Promise<{ runMerakiScript: 0 | 1 }> {
    return { runMerakiScript: (await maintenance(companyId)) ? 1 : 0 };
  }

  return { assign, runAssign, maintenanceFlag };
}

export type PublicIpService = ReturnType<typeof createPublicIpService>;
