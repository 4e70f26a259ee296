import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { WORKABLE_ORDER_STATUSES, type OrderStatus } from '@mawingu/contracts/order-status';
import { fill, messages } from '@mawingu/contracts/messages';
import { LISTED_VM_STATES } from '@mawingu/contracts/vm-state';
import { freeVmName } from '@mawingu/contracts/vm-name';
import type { ActiveVm } from '@mawingu/contracts/vms';
import type { Db } from '../../../db/client.ts';
import { publicIps, vmBackups, vmDisks, vms } from '../../../db/schema.ts';
import { isGoldCopyProduct, productBuildsOf } from '../../catalogue/index.ts';
import { HypervisorError, type Hypervisors, type MachineAccess } from '../../../integrations/hypervisors/hypervisor.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { vmProvisioning } from '../../../observability/metrics.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import type { MailService } from '../../platform/index.ts';
import type { NotificationService } from '../../identity/index.ts';
import { cryptPassword, generatePassword, MACHINE_LOGIN_USER } from '../vm-access/machine-login.ts';
import { keysOfOrder } from '../vm-access/ssh-keys.ts';
import { vmReadyMail } from './vm-mails.ts';
import { describeError } from './machine-state.ts';
import { transitionVm } from './vm-state.ts';
import { waitUntilRunning } from './wait-until-running.ts';

/** What a paid new-VM order asks for; frozen in the provisioning job when the order is paid. */
export type ProvisionRequest = {
  orderId: number;
  companyId: number;
  customerId: number;
  productId: number;
  cpu: number;
  ramGb: number;
  diskGb: number;
  regionId: number | null;
  days: number;
  name: string;
};

export type VmRow = typeof vms.$inferSelect;

/** Moves an order from one of `from` to `to` in the caller's transaction; true when it moved. */
export type OrderTransition = (db: Db, orderId: number, from: readonly OrderStatus[], to: OrderStatus) => Promise<boolean>;

export type VmServiceDeps = {
  db: Db;
  hypervisors: Hypervisors;
  notifications: NotificationService;
  mail: MailService;
  /** Seals each machine's generated password (ADR 0100). */
  secrets: SecretBox;
  /**
   * The orders' one writer of an order's status (orders/order-status.ts `transition`), handed in so
   * that machines do not import orders: a new VM's order is fulfilled when its VM runs.
   */
  orderStatus: OrderTransition;
  /** How often and how long to wait for a new machine to run (ms). */
  boot?: { pollMs?: number; timeoutMs?: number };
};

/** The idempotency key the hypervisor sees: one machine per order, whatever retries. */
export const machineKeyOf = (orderId: number) => `order-${orderId}`;

const asPublicIpState = (state: string | null): ActiveVm['publicIpState'] =>
  state === 'pending' || state === 'active' || state === 'failed' ? state : null;

/**
 * VMs of customers: provisioning a paid order's VM and listing a customer's VMs. Every step can be
 * repeated: the row is keyed by the order, the machine by the order's key at the hypervisor, and
 * the change to `running` (with the notification and the mail) happens once, in one transaction.
 */
export function createVmService(deps: VmServiceDeps) {
  const { db, hypervisors, notifications, mail, orderStatus, secrets } = deps;
  const transition = orderStatus;
  const pollMs = deps.boot?.pollMs ?? 1000;
  const timeoutMs = deps.boot?.timeoutMs ?? 5 * 60_000;
  const customers = createCustomerAccounts(db);

  async function rowOfOrder(orderId: number): Promise<VmRow | undefined> {
    const [row] = await db.select().from(vms).where(eq(vms.orderId, orderId));
    return row;
  }

  /**
   * The VM row of the order, written in 'provisioning' by the first caller; later callers read it.
   * With it, what the provider builds it from: the product's template, or its OS type when it names none.
   */
  async function claimRow(req: ProvisionRequest): Promise<{ row: VmRow; template: string }> {
    const build = (await productBuildsOf(db, [req.productId])).get(req.productId);
    const product = build?.companyId === req.companyId ? build : undefined;
    if (!product) throw new Error(`product ${req.productId} is not a product of company ${req.companyId}`);
    const provider = hypervisors.for(product.serviceType).provider;
    await db.transaction(async (tx) => {
      // One customer's VMs are named one at a time: two orders paid with the same name (checked at
      // Pay, so only a race) give the second VM "name 2" rather than two machines one cannot tell apart.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vm-name'), ${req.customerId}::int)`);
      const others = await tx
        .select({ name: vms.name })
        .from(vms)
        .where(
          and(
            eq(vms.companyId, req.companyId),
            eq(vms.customerId, req.customerId),
            ne(vms.state, 'deleted'),
            sql`${vms.orderId} is distinct from ${req.orderId}`,
          ),
        );
      await tx
        .insert(vms)
        .values({
          companyId: req.companyId,
          customerId: req.customerId,
          orderId: req.orderId,
          productId: req.productId,
          provider,
          name: freeVmName(
            req.name,
            others.map((o) => o.name),
          ),
          os: product.osType,
          cpu: req.cpu,
          ramGb: req.ramGb,
          diskGb: req.diskGb,
          regionId: req.regionId,
          days: req.days,
          // Made once with the row, so every retry gives the machine the same password.
          loginUser: MACHINE_LOGIN_USER,
          passwordSealed: secrets.seal(generatePassword()),
        })
        .onConflictDoNothing({ target: vms.orderId });
    });
    const row = await rowOfOrder(req.orderId);
    if (!row) throw new Error(`VM row of order ${req.orderId} vanished`);
    if (row.companyId !== req.companyId || row.customerId !== req.customerId) {
      throw new Error(`order ${req.orderId} already has a VM of another customer`);
    }
    return { row, template: product.template.trim() || row.os };
  }

  /** provisioning → running with its dates, the bell notification and the mail, all or nothing, once. */
  /** The login the machine is made with: its user, the crypt hash of its password, the keys the order picked. */
  async function accessOf(row: VmRow): Promise<MachineAccess | undefined> {
    if (!row.loginUser || !row.passwordSealed) return undefined;
    const keys = row.orderId === null ? [] : await keysOfOrder(db, row.orderId);
    return {
      user: row.loginUser,
      cryptedPassword: cryptPassword(secrets.open(row.passwordSealed)),
      sshPublicKeys: keys.map((k) => k.publicKey),
    };
  }

  async function markRunning(row: VmRow, externalId: string, address: string | null): Promise<VmRow | undefined> {
    const account = await customers.byId(row.companyId, row.customerId);
    return db.transaction(async (tx) => {
      const done = await transitionVm(tx, row.id, ['provisioning'], 'running', {
        externalId,
        startAt: sql`now()`,
        endAt: sql`now() + ${vms.days} * interval '1 day'`,
        lastError: null,
        address,
      });
      if (!done) return undefined;
      // A new-VM order is fulfilled once its machine runs (an operator's Retry comes from needs_attention).
      if (done.orderId !== null) await transition(tx, done.orderId, WORKABLE_ORDER_STATUSES, 'fulfilled');
      await notifications.notify(done.companyId, done.customerId, fill(messages.vmReady, { name: done.name }), tx, { to: 'products' });
      if (account)
        await mail.enqueue(
          { companyId: done.companyId, to: account.email, ...vmReadyMail(account.firstName, done, account.language) },
          { db: sqlOf(tx) },
        );
      return done;
    });
  }

  async function recordError(row: VmRow, err: unknown, final: boolean): Promise<void> {
    const lastError = describeError(err);
    if (!final) {
      await db
        .update(vms)
        .set({ lastError, updatedAt: sql`now()` })
        .where(and(eq(vms.id, row.id), eq(vms.state, 'provisioning')));
      return;
    }
    await db.transaction(async (tx) => {
      const failed = await transitionVm(tx, row.id, ['provisioning'], 'failed', { lastError });
      if (failed && row.orderId !== null) await transition(tx, row.orderId, ['paid', 'fulfilling'], 'needs_attention');
    });
  }

  /**
   * Makes the order's VM exist and run. Safe to call any number of times, concurrently, and again
   * after a crash at any point. A hypervisor failure that waiting can cure is recorded and thrown
   * (the job retries); a lasting one, or any failure on the final attempt, marks the VM 'failed'.
   */
  async function provisionForOrder(req: ProvisionRequest, options: { finalAttempt?: boolean } = {}): Promise<VmRow> {
    const { row, template } = await claimRow(req);
    if (row.state !== 'provisioning') return row;
    await transition(db, req.orderId, ['paid'], 'fulfilling');
    const hypervisor = hypervisors.for(row.provider);
    const provisioned = vmProvisioning.startTimer({ provider: hypervisor.provider });
    try {
      const { externalId } = await hypervisor.createVm({
        name: row.name,
        cpu: row.cpu,
        ramGb: row.ramGb,
        diskGb: row.diskGb,
        template,
        idempotencyKey: machineKeyOf(req.orderId),
        access: await accessOf(row),
      });
      // Known at once, so an operator can find the machine even if we crash before it runs.
      await db
        .update(vms)
        .set({ externalId, updatedAt: sql`now()` })
        .where(and(eq(vms.id, row.id), eq(vms.state, 'provisioning')));
      const machine = await waitUntilRunning(hypervisor, externalId, { pollMs, timeoutMs });
      await markRunning(row, externalId, machine.address ?? null);
      provisioned({ outcome: 'running' });
    } catch (err) {
      const lasting = err instanceof HypervisorError && !err.retryable;
      await recordError(row, err, lasting || options.finalAttempt === true);
      provisioned({ outcome: lasting || options.finalAttempt === true ? 'failed' : 'retry' });
      if (!lasting) throw err;
    }
    return (await rowOfOrder(req.orderId))!;
  }

  /**
   * The customer's VMs of this company for the Products tab, newest first (archived and deleted
   * ones are on other tabs). Two queries: the VMs with the public IP by LEFT JOIN (one row per VM,
   * unique) and the "Clone Available" flag by EXISTS, then their products' gold-copy flags from the
   * catalogue, so the list costs the same with 1 or 1,000 VMs.
   */
  const company = sql.placeholder('companyId');
  const customer = sql.placeholder('customerId');
  // Prepared once: PostgreSQL plans it once per connection instead of on every page load.
  const listQuery = db
    .select({
      vm: vms,
      publicIp: publicIps.publicIp,
      publicIpState: publicIps.state,
      publicIpError: publicIps.lastError,
      // Narrowed by company and customer first: vm_backups' (company, customer) index, then the VM.
      hasCopy: sql<boolean>`exists (select 1 from ${vmBackups} b where b.company_id = ${company} and b.customer_id = ${customer} and b.vm_id = ${vms.id} and b.state in ('creating', 'ready'))`,
      isRenewed: sql<boolean>`coalesce(now() < ${vms.renewedFrom}, false)`,
      // Disks added by update orders count in the VM's disk size the customer sees.
      addedDiskGb: sql<number>`(select coalesce(sum(d.size_gb), 0)::int from ${vmDisks} d where d.vm_id = ${vms.id} and d.state = 'attached')`,
      // The catalogue's flag, in the same round trip.
      isGoldCopy: isGoldCopyProduct(vms.productId),
    })
    .from(vms)
    .leftJoin(publicIps, eq(publicIps.vmId, vms.id))
    .where(and(eq(vms.companyId, company), eq(vms.customerId, customer), inArray(vms.state, LISTED_VM_STATES)))
    .orderBy(desc(vms.createdAt), desc(vms.id))
    .prepare('vms_products_list');

  async function listOf(companyId: number, customerId: number): Promise<ActiveVm[]> {
    const rows = await listQuery.execute({ companyId, customerId });
    return rows.map(({ vm, publicIp, publicIpState, publicIpError, hasCopy, isRenewed, addedDiskGb, isGoldCopy }) => ({
      ID: vm.id,
      vmName: vm.name,
      aliasName: vm.alias,
      operatingSystem: vm.os,
      cpu_Count: vm.cpu,
      ram_Count: vm.ramGb,
      disk_Count: vm.diskGb + Number(addedDiskGb),
      startDate: vm.startAt?.toISOString() ?? null,
      endDate: vm.endAt?.toISOString() ?? null,
      ciscoMerakiIP: publicIpState === 'active' ? publicIp : null,
      isBlocked: vm.blocked ? 1 : 0,
      blockedReason: vm.blocked ? vm.blockedReason : null,
      isClone: hasCopy ? 1 : 0,
      isGoldCopy: isGoldCopy ? 1 : 0,
      isRenewed: isRenewed ? 1 : 0,
      createdUUID: vm.externalId,
      serviceCategory: vm.provider,
      vmStatus: vm.state,
      pendingAction: vm.pendingAction,
      publicIpState: asPublicIpState(publicIpState),
      // While pending, last_error is the network's own answer of a retried attempt: only a failed request's reason is the customer's.
      publicIpError: publicIpState === 'failed' ? publicIpError : null,
      address: (publicIpState === 'active' ? publicIp : null) ?? vm.address,
      loginUser: vm.loginUser,
    }));
  }

  return { provisionForOrder, listOf, rowOfOrder };
}

export type VmService = ReturnType<typeof createVmService>;
