import { and, asc, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminVm, FailedJob, FailedJobs, VmList } from '@mawingu/contracts/admin/customers';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import type { Db } from '../../../db/client.ts';
import { customers, orderLines, orders, vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { provisionRequestOf } from '../../billing/index.ts';
import { enqueueProvisioning, setVmBlocked, transitionVm } from '../../machines/index.ts';
import { containing } from '../../../db/like-pattern.ts';
import { customerName, iso, toAdminVm, vmColumns } from '../vm-rows.ts';

export type VmAdminDeps = { db: Db; queue: JobQueue };

type Paging = { page: number; pageSize: number };

/** At most this many failed or erring VMs beside the failed jobs. */
const DETAIL_LIMIT = 100;

/** Rows of a raw query (node-postgres and PGlite both give `rows`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The company's VMs for the console: list, block and unblock, a failed provisioning again, the failed
 * jobs. Every read and change is inside one company; another company's VM is a 404 like a missing one.
 */
export function createVmAdminService({ db, queue }: VmAdminDeps) {
  async function listVms(
    companyId: number,
    filter: { state?: AdminVm['state']; blocked?: boolean; q?: string },
    { page, pageSize }: Paging,
  ): Promise<VmList> {
    const conditions: SQL[] = [eq(vms.companyId, companyId)];
    conditions.push(filter.state ? eq(vms.state, filter.state) : ne(vms.state, 'deleted'));
    if (filter.blocked !== undefined) conditions.push(eq(vms.blocked, filter.blocked));
    if (filter.q) {
      const pattern = containing(filter.q);
      conditions.push(
        or(
          sql`${vms.name} ilike ${pattern}`,
          sql`coalesce(${vms.alias}, '') ilike ${pattern}`,
          sql`coalesce(${vms.externalId}, '') ilike ${pattern}`,
          sql`${customerName} ilike ${pattern}`,
          sql`${customers.email} ilike ${pattern}`,
        )!,
      );
    }
    const where = and(...conditions);
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(vms)
      .innerJoin(customers, eq(customers.id, vms.customerId))
      .where(where);
    const rows = await db
      .select(vmColumns)
      .from(vms)
      .innerJoin(customers, eq(customers.id, vms.customerId))
      .where(where)
      .orderBy(desc(vms.createdAt), desc(vms.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { items: rows.map(toAdminVm), total: Number(total), page, pageSize };
  }

  async function vmOf(companyId: number, vmId: number, executor: Db = db): Promise<AdminVm> {
    const [row] = await executor
      .select(vmColumns)
      .from(vms)
      .innerJoin(customers, eq(customers.id, vms.customerId))
      .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), ne(vms.state, 'deleted')));
    if (!row) throw AppError.notFound(texts.vmNotFound);
    return toAdminVm(row);
  }

  /** Sets or clears the VM's blocked flag (machines' own write), audited in the same transaction; the second of two clicks gets 409. */
  async function setBlocked(
    companyId: number,
    vmId: number,
    blocked: boolean,
    actor: Operator,
    reason: string | undefined,
  ): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const changed = await setVmBlocked(tx, companyId, vmId, blocked);
      if (!changed) {
        await vmOf(companyId, vmId, tx); // 404 when it is not there (or not this company's)
        throw AppError.conflict(blocked ? texts.alreadyBlocked : texts.notBlocked);
      }
      await recordAudit(tx, {
        actor,
        companyId,
        action: blocked ? 'vm.block' : 'vm.unblock',
        targetType: 'vm',
        targetId: vmId,
        before: { blocked: !blocked, name: changed.name, customerId: changed.customerId },
        after: { blocked, name: changed.name, customerId: changed.customerId },
        ...(reason ? { reason } : {}),
      });
      return vmOf(companyId, vmId, tx);
    });
  }

  /**
   * A failed provisioning again: failed → provisioning and the same provisioning job the paid order
   * queued (built from the order's frozen lines, keyed `order-{id}` so it runs once), both in one
   * transaction with the audit entry. Any other state is 409: the conditional UPDATE makes a second
   * click (or a second operator) find the VM provisioning already.
   */
  async function retryProvisioning(companyId: number, vmId: number, actor: Operator): Promise<AdminVm> {
    return db.transaction(async (tx) => {
      const [vm] = await tx
        .select()
        .from(vms)
        .where(and(eq(vms.id, vmId), eq(vms.companyId, companyId), ne(vms.state, 'deleted')))
        .for('update');
      if (!vm) throw AppError.notFound(texts.vmNotFound);
      if (vm.state !== 'failed') throw AppError.conflict(texts.retryOnlyFailed);
      const [order] =
        vm.orderId === null
          ? []
          : await tx
              .select()
              .from(orders)
              .where(and(eq(orders.id, vm.orderId), eq(orders.companyId, companyId)));
      if (!order || order.productId === null) throw AppError.conflict(texts.retryNoOrder);
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sortOrder));
      const request = provisionRequestOf(order, lines);
      await transitionVm(tx, vm.id, ['failed'], 'provisioning', { lastError: null });
      await enqueueProvisioning(queue, request, { tx });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'vm.retry-provisioning',
        targetType: 'vm',
        targetId: vm.id,
        before: { state: vm.state, lastError: vm.lastError, orderId: vm.orderId },
        after: { state: 'provisioning', orderId: vm.orderId },
      });
      return vmOf(companyId, vm.id, tx);
    });
  }

  /**
   * The company's failed jobs, from pg-boss's job table and its archive (failed jobs move there
   * after a while). A job belongs to the company its data names: `companyId` when the data has one
   * (provisioning, mail), else the company of the order, VM or backup it names. Platform jobs (the
   * expiry pass, payment reconciliation) name none and are not listed here.
   */
  async function failedJobs(companyId: number, { page, pageSize }: Paging): Promise<FailedJobs> {
    const scoped = sql`
      with failed as (
        select id::text as id, name, data, output, retry_count, created_on, completed_on from pgboss.job where state = 'failed'
        union all
        select id::text, name, data, output, retry_count, created_on, completed_on from pgboss.archive where state = 'failed'
      ), ids as (
        select f.*,
          case when jsonb_typeof(f.data->'companyId') = 'number' then (f.data->>'companyId')::int end as company_id,
          case when jsonb_typeof(f.data->'orderId') = 'number' then (f.data->>'orderId')::int end as order_id,
          case when jsonb_typeof(f.data->'vmId') = 'number' then (f.data->>'vmId')::int end as vm_id,
          case when jsonb_typeof(f.data->'backupId') = 'number' then (f.data->>'backupId')::int end as backup_id
        from failed f
      ), scoped as (
        select * from ids s
        where case
          when s.company_id is not null then s.company_id = ${companyId}
          else exists (select 1 from orders o where o.id = s.order_id and o.company_id = ${companyId})
            or exists (select 1 from vms v where v.id = s.vm_id and v.company_id = ${companyId})
            or exists (select 1 from vm_backups b where b.id = s.backup_id and b.company_id = ${companyId})
        end
      )`;
    const [counted] = await rowsOf<{ total: number | string }>(db, sql`${scoped} select count(*)::int as total from scoped`);
    const rows = await rowsOf<{
      id: string;
      name: string;
      data: Record<string, unknown> | null;
      error: string | null;
      retry_count: number;
      created_on: Date | string;
      completed_on: Date | string | null;
      order_id: number | null;
      vm_id: number | null;
      backup_id: number | null;
      retry_vm_id: number | null;
    }>(
      db,
      sql`${scoped}
        select s.id, s.name, s.data, s.retry_count, s.created_on, s.completed_on, s.order_id, s.vm_id, s.backup_id,
          coalesce(s.output->>'message', s.output->'value'->>'message', s.output->>'value', s.output::text) as error,
          (select v.id from vms v where s.name = 'provision-vm' and v.order_id = s.order_id and v.company_id = ${companyId} and v.state = 'failed') as retry_vm_id
        from scoped s
        order by coalesce(s.completed_on, s.created_on) desc, s.id
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    );
    const jobs: FailedJob[] = rows.map((r) => ({
      id: r.id,
      kind: r.name,
      orderId: r.order_id,
      vmId: r.vm_id,
      backupId: r.backup_id,
      detail: detailOf(r.name, r.data),
      error: r.error ?? '',
      attempts: Number(r.retry_count) + 1,
      createdAt: iso(r.created_on)!,
      failedAt: iso(r.completed_on),
      retryVmId: r.retry_vm_id,
    }));
    const failedVms = await db
      .select(vmColumns)
      .from(vms)
      .innerJoin(customers, eq(customers.id, vms.customerId))
      .where(and(eq(vms.companyId, companyId), ne(vms.state, 'deleted'), or(eq(vms.state, 'failed'), sql`${vms.lastError} is not null`)))
      .orderBy(desc(vms.updatedAt), desc(vms.id))
      .limit(DETAIL_LIMIT);
    return { jobs: { items: jobs, total: Number(counted?.total ?? 0), page, pageSize }, vms: failedVms.map(toAdminVm) };
  }

  return { listVms, vmOf, setBlocked, retryProvisioning, failedJobs };
}

/** What a failed job was doing, from its data: a VM action's name, a mail's recipient and subject, an order's kind. Never bodies or attachments. */
function detailOf(kind: string, data: Record<string, unknown> | null): string | null {
  if (!data) return null;
  if (typeof data.action === 'string') return data.action;
  if (kind === 'send-mail' && typeof data.to === 'string')
    return `${data.to}: ${typeof data.subject === 'string' ? data.subject : ''}`.trim();
  if (kind === 'fulfil-order' && typeof data.kind === 'number') return `kind ${data.kind}`;
  if (kind === 'provision-vm' && typeof data.name === 'string') return data.name;
  return null;
}

export type VmAdminService = ReturnType<typeof createVmAdminService>;
