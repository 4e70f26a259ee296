import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { selectHypervisors } from '../../integrations/hypervisors/select-hypervisors.ts';
import { selectPublicIp } from '../../integrations/network/select-public-ip.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import { machinesCustomerRoutes } from './customer.routes.ts';
import { machinesJobs, machinesSchedules } from './jobs.ts';
import { createPublicIpService } from './public-ips/service.ts';
import { createVmAccessService } from './vm-access/service.ts';
import { createSshKeyService } from './vm-access/ssh-keys.ts';
import { createConsoleTokens } from './vms/console-token.ts';
import { createVmService, type OrderTransition } from './vms/service.ts';
import { simulatorConsoleRoutes } from './vms/simulator-console-routes.ts';
import { createVmActionService } from './vms/vm-action-service.ts';
import { vmActionSpec } from './vms/vm-action-job.ts';
import { createVmOperatorActions } from './vms/vm-operator-actions.ts';
import type { ChargedOfOrders, PaidRenewalsOf } from './vms/vm-lists.ts';

type Deps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  platform: PlatformModule;
  identity: IdentityModule;
  /** The orders' writer of an order's status (a new VM's order is fulfilled when it runs). */
  orderStatus: OrderTransition;
  /** Billing's answer to what paid orders were charged in another currency (Renewals shows it). */
  chargedOfOrders: ChargedOfOrders;
  /** The orders' paid renewals, one row per VM renewed (Renewals shows them). */
  paidRenewalsOf: PaidRenewalsOf;
  log: FastifyBaseLogger;
};

/** Customers' VMs: provisioning, lists, actions, backups, public IPs, expiry; the hypervisors behind them. */
export function createMachinesModule({
  config,
  database,
  queue,
  platform,
  identity,
  orderStatus,
  chargedOfOrders,
  paidRenewalsOf,
  log,
}: Deps) {
  const { db } = database;
  const { notifications } = identity;
  const hypervisors = selectHypervisors(db, { createDelayMs: config.simulatorBootMs, connections: config.hypervisors });
  const vms = createVmService({ db, hypervisors, notifications, mail: platform.mail, orderStatus, secrets: identity.secretBox });
  const publicIp = selectPublicIp(database, config.meraki);
  const consoleTokens = createConsoleTokens(identity.authSecret);
  const sshKeys = createSshKeyService(db);
  const vmAccess = createVmAccessService({ db, hypervisors, secrets: identity.secretBox });
  const vmActions = createVmActionService({
    db,
    hypervisors,
    queue,
    publicIp,
    consoleTokens,
    access: vmAccess,
    chargedOfOrders,
    paidRenewalsOf,
  });
  const publicIps = createPublicIpService({ db, queue, publicIp, notifications });
  // The console's suspend, terminate and extend: the customer's own vm-action job does the hypervisor's part.
  const operatorActions = createVmOperatorActions({ queue, vmJob: vmActionSpec(vmActions.retry) });
  return {
    hypervisors,
    vms,
    vmActions,
    operatorActions,
    publicIps,
    sshKeys,
    customerRoutes: machinesCustomerRoutes({ vms, vmActions, publicIps, sshKeys, vmAccess }),
    /** The simulator's console page (opened from viewVM with a signed, short-lived token), outside /api. */
    simulatorConsole: simulatorConsoleRoutes(hypervisors.simulator, consoleTokens),
    jobs: () => machinesJobs({ db, queue, hypervisors, vms, vmActions, publicIps, log }),
    schedules: machinesSchedules,
  };
}

export type MachinesModule = ReturnType<typeof createMachinesModule>;
