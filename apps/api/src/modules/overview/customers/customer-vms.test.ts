import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAdminMessages as texts, failedJobsResponse, vmListResponse } from '@mawingu/contracts/admin/customers';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { messages } from '@mawingu/contracts/messages';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, type SignedIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, orderLines, vms } from '../../../db/schema.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';
import { enqueueProvisioning } from '../../machines/vms/provision-job.ts';
import { insertOrder, markPaid, type Shop } from '../../billing/invoices/invoices.test-helper.ts';
import { provisionRequestOf } from '../../billing/payments/provision-request.ts';

import { ACME, openCustomersWorld } from './customers.test-helper.ts';

let t: TestContext;
let acme: Shop;
let zebra: Shop;
let amani: { id: number };
let thandi: { id: number };
let amaniSession: SignedIn;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;
let owner: SignedInOperator;
let amaniVm: typeof vms.$inferSelect;
let zebraVm: typeof vms.$inferSelect;

const FAST_RETRY = { retryLimit: 1, retryDelay: 1 };

const C = () => `/companies/${acme.companyId}`;
const Z = () => `/companies/${zebra.companyId}`;

beforeAll(async () => {
  ({ t, acme, zebra, amani, thandi, amaniSession, admin, support, zebraAdmin, owner, amaniVm, zebraVm } = await openCustomersWorld());
});
afterAll(() => t?.close());

const auditOf = async (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id));

const customerCall = (path: string, body: unknown) => post(t.app, path, body, authHeaders(ACME, amaniSession));

describe('VMs: list, block and unblock', () => {
  const list = async (query: string, who = admin) => {
    const res = await adminCall(t, who, 'GET', `${C()}/vms${query}`);
    expect(res.http).toBe(200);
    return vmListResponse.parse(res.body).data;
  };

  it('lists the company’s VMs with their customer, filtered by state, blocked and a search', async () => {
    const all = await list('');
    expect(all.items.map((v) => v.name).sort()).toEqual(['amani-web-01', 'thandi-db-01']);
    expect((await list('?state=stopped')).items.map((v) => v.name)).toEqual(['thandi-db-01']);
    expect((await list('?q=amani@savanna')).items.map((v) => v.name)).toEqual(['amani-web-01']);
    expect((await list('?q=thandi-db')).items).toEqual([
      expect.objectContaining({ customerName: 'Thandi Mokoena', customerEmail: 'thandi@karoo.example', state: 'stopped', canRetry: false }),
    ]);
    expect((await list('?blocked=true')).total).toBe(0);
    expect((await list('', support)).total).toBe(2);
    expect((await list('', owner)).total).toBe(2);

    const bad = await adminCall(t, admin, 'GET', `${C()}/vms?state=sleeping&blocked=maybe`);
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toMatchObject({ state: texts.stateInvalid });
    expect((await adminCall(t, zebraAdmin, 'GET', `${C()}/vms`)).http).toBe(404);
  });

  it('support may not block (403); another company’s admin gets 404; nothing changes', async () => {
    const bySupport = await adminCall(t, support, 'POST', `${C()}/vms/${amaniVm.id}/block`, {});
    expect(bySupport.http).toBe(403);
    expect(bySupport.body.message).toBe(adminMessages.forbidden);
    expect((await adminCall(t, zebraAdmin, 'POST', `${C()}/vms/${amaniVm.id}/block`, {})).http).toBe(404);
    const viaOwnCompany = await adminCall(t, zebraAdmin, 'POST', `${Z()}/vms/${amaniVm.id}/block`, {});
    expect(viaOwnCompany.http).toBe(404);
    expect(viaOwnCompany.body.message).toBe(texts.vmNotFound);
    expect((await adminCall(t, null, 'POST', `${C()}/vms/${amaniVm.id}/block`, {})).http).toBe(401);
    const tooLong = await adminCall(t, admin, 'POST', `${C()}/vms/${amaniVm.id}/block`, { reason: 'x'.repeat(501) });
    expect(tooLong.http).toBe(400);
    expect(tooLong.body.data.fieldErrors).toEqual({ reason: texts.reasonTooLong });
    const [row] = await t.database.db.select().from(vms).where(eq(vms.id, amaniVm.id));
    expect(row!.blocked).toBe(false);
    expect(await auditOf('vm.block', amaniVm.id)).toHaveLength(0);
  });

  it('block → the customer sees it blocked and every action is refused (403); unblock → allowed again; both audited', async () => {
    const shutdown = () => customerCall('vmAction/shutdownVirtualMachine', { provider: 'simulator', virDomainUUID: amaniVm.externalId });
    const listed = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/virtualMachine/getUserVMs', headers: authHeaders(ACME, amaniSession) })).json()
          .data as { ID: number; isBlocked: number }[]
      ).find((v) => v.ID === amaniVm.id);

    const blocked = await adminCall(t, admin, 'POST', `${C()}/vms/${amaniVm.id}/block`, { reason: 'Abuse report #42' });
    expect(blocked.http).toBe(200);
    expect(blocked.body.message).toBe(texts.blocked);
    expect(blocked.body.data).toMatchObject({ id: amaniVm.id, blocked: true, state: 'running' });
    expect((await list('?blocked=true')).items.map((v) => v.id)).toEqual([amaniVm.id]);

    expect((await listed())!.isBlocked).toBe(1);
    const refused = await shutdown();
    expect(refused.http).toBe(403);
    expect(refused.body.message).toBe(messages.vmBlocked);
    const renew = await customerCall('virtualMachine/getVMDetailForRenew', { productID: amaniVm.id });
    expect(renew.http).toBe(403);

    const [entry] = await auditOf('vm.block', amaniVm.id);
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      actorEmail: admin.email,
      companyId: acme.companyId,
      targetType: 'vm',
      reason: 'Abuse report #42',
      before: { blocked: false, name: 'amani-web-01', customerId: amani.id },
      after: { blocked: true, name: 'amani-web-01', customerId: amani.id },
    });

    const again = await adminCall(t, admin, 'POST', `${C()}/vms/${amaniVm.id}/block`, {});
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(texts.alreadyBlocked);
    expect(await auditOf('vm.block', amaniVm.id)).toHaveLength(1);

    // Support still reads the blocked VM, but may not unblock it.
    expect((await adminCall(t, support, 'POST', `${C()}/vms/${amaniVm.id}/unblock`, {})).http).toBe(403);

    const unblocked = await adminCall(t, owner, 'POST', `${C()}/vms/${amaniVm.id}/unblock`);
    expect(unblocked.http).toBe(200);
    expect(unblocked.body).toMatchObject({ message: texts.unblocked, data: { blocked: false } });
    expect((await listed())!.isBlocked).toBe(0);
    const allowed = await shutdown();
    expect(allowed.http).toBe(200);
    expect(allowed.body.message).toBe(messages.vmStopping);
    const [undo] = await auditOf('vm.unblock', amaniVm.id);
    expect(undo).toMatchObject({
      operatorId: owner.operatorId,
      companyId: acme.companyId,
      reason: null,
      before: { blocked: true },
      after: { blocked: false },
    });
    expect((await adminCall(t, admin, 'POST', `${C()}/vms/${amaniVm.id}/unblock`, {})).http).toBe(409);
  });
});

describe('failed provisioning: the failed jobs and a retry', () => {
  it('a running VM cannot be re-provisioned (409); a VM restored from a clone has no order to re-run (409)', async () => {
    const running = await adminCall(t, admin, 'POST', `${C()}/vms/${zebraVm.id}/retry-provisioning`);
    expect(running.http).toBe(404);
    const notFailed = await adminCall(t, admin, 'POST', `${C()}/vms/${amaniVm.id}/retry-provisioning`);
    expect(notFailed.http).toBe(409);
    expect(notFailed.body.message).toBe(texts.retryOnlyFailed);
    const restored = await createSimulatedVm(t.database.db, {
      companyId: acme.companyId,
      customerId: thandi.id,
      productId: acme.productId,
      name: 'thandi-db-01-clone',
      os: 'ubuntu',
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
    });
    await t.database.db.update(vms).set({ state: 'failed', lastError: 'clone restore failed' }).where(eq(vms.id, restored.id));
    const noOrder = await adminCall(t, admin, 'POST', `${C()}/vms/${restored.id}/retry-provisioning`);
    expect(noOrder.http).toBe(409);
    expect(noOrder.body.message).toBe(texts.retryNoOrder);
    await t.database.db.update(vms).set({ state: 'deleted' }).where(eq(vms.id, restored.id));
  });

  it('lists the failed job and why, retries it once, and the VM runs on the simulator; audited', async () => {
    const db = t.database.db;
    const order = await insertOrder(db, acme, amani.id, { productName: 'Ubuntu 22.04 LTS' });
    await markPaid(db, order);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sortOrder));
    const simulator = t.modules.machines.hypervisors.simulator;
    simulator.failNext('createVm', 10, 'unavailable');
    let failedVm: typeof vms.$inferSelect;
    try {
      await enqueueProvisioning(t.queue, provisionRequestOf(order, lines), { retry: FAST_RETRY });
      failedVm = await until(async () => {
        const [row] = await db.select().from(vms).where(eq(vms.orderId, order.id));
        return row?.state === 'failed' ? row : undefined;
      });
      await until(async () => {
        const { rows } = await t.database.executeSql(`select state from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [
          `order-${order.id}`,
        ]);
        return rows[0]?.state === 'failed' ? true : undefined;
      });
    } finally {
      simulator.failNext('createVm', 0);
    }

    const failed = failedJobsResponse.parse((await adminCall(t, admin, 'GET', `${C()}/jobs/failed`)).body).data;
    const job = failed.jobs.items.find((j) => j.orderId === order.id);
    expect(job).toMatchObject({
      kind: 'provision-vm',
      error: 'simulated unavailable failure of createVm',
      attempts: 2,
      retryVmId: failedVm!.id,
      detail: 'Ubuntu 22.04 LTS',
    });
    expect(failed.vms.map((v) => [v.id, v.state, v.lastError, v.canRetry])).toContainEqual([
      failedVm!.id,
      'failed',
      'simulated unavailable failure of createVm',
      true,
    ]);
    // Zebra's admin sees none of Acme's failed jobs; support may not look at jobs or retry.
    const zebraJobs = failedJobsResponse.parse((await adminCall(t, zebraAdmin, 'GET', `${Z()}/jobs/failed`)).body).data;
    expect(zebraJobs.jobs.total).toBe(0);
    expect(zebraJobs.vms).toEqual([]);
    expect((await adminCall(t, zebraAdmin, 'GET', `${C()}/jobs/failed`)).http).toBe(404);
    expect((await adminCall(t, support, 'GET', `${C()}/jobs/failed`)).http).toBe(403);
    expect((await adminCall(t, support, 'POST', `${C()}/vms/${failedVm!.id}/retry-provisioning`)).http).toBe(403);
    expect((await adminCall(t, zebraAdmin, 'POST', `${Z()}/vms/${failedVm!.id}/retry-provisioning`)).http).toBe(404);
    // The owner sees it in Acme's list.
    const ownerJobs = failedJobsResponse.parse((await adminCall(t, owner, 'GET', `${C()}/jobs/failed`)).body).data;
    expect(ownerJobs.jobs.items.map((j) => j.id)).toContain(job!.id);

    const retried = await adminCall(t, admin, 'POST', `${C()}/vms/${failedVm!.id}/retry-provisioning`);
    expect(retried.http).toBe(200);
    expect(retried.body).toMatchObject({
      message: texts.retryQueued,
      data: { id: failedVm!.id, state: 'provisioning', lastError: null, canRetry: false },
    });
    // A second click finds it provisioning already: nothing more is queued.
    const twice = await adminCall(t, admin, 'POST', `${C()}/vms/${failedVm!.id}/retry-provisioning`);
    expect(twice.http).toBe(409);

    const running = await until(async () => {
      const [row] = await db.select().from(vms).where(eq(vms.id, failedVm!.id));
      return row?.state === 'running' ? row : undefined;
    });
    expect(running.externalId).toMatch(/^sim-/);
    expect(running.lastError).toBeNull();
    // The worker records the job as completed just after its handler has made the VM run.
    const jobStates = async () => {
      const { rows } = await t.database.executeSql(
        `select state from pgboss.job where name = 'provision-vm' and singleton_key = $1 order by created_on`,
        [`order-${order.id}`],
      );
      return rows.map((r: { state: string }) => r.state);
    };
    await until(async () => ((await jobStates()).includes('active') ? undefined : true));
    expect(await jobStates()).toEqual(['failed', 'completed']);

    const [entry] = await auditOf('vm.retry-provisioning', failedVm!.id);
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      companyId: acme.companyId,
      targetType: 'vm',
      before: { state: 'failed', lastError: 'simulated unavailable failure of createVm', orderId: order.id },
      after: { state: 'provisioning', orderId: order.id },
    });
    expect(await auditOf('vm.retry-provisioning', failedVm!.id)).toHaveLength(1);

    // The job stays in the list (it did fail), without a retry now that the VM runs.
    const after = failedJobsResponse.parse((await adminCall(t, admin, 'GET', `${C()}/jobs/failed`)).body).data;
    expect(after.jobs.items.find((j) => j.id === job!.id)).toMatchObject({ retryVmId: null });
    expect(after.vms.map((v) => v.id)).not.toContain(failedVm!.id);
  }, 60_000);
});
