import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../../test/test-db.ts';
import type { Database } from '../../../db/client.ts';
import { products, vms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createSimulatedVm, type VmFixture } from '../../../db/seed/vm-factories.ts';
import { transitionVm, transitionVms } from './vm-state.ts';

describe('the VM state writer', () => {
  let database: Database;
  let fixture: Omit<VmFixture, 'name'>;

  const rowOf = async (id: number) => (await database.db.select().from(vms).where(eq(vms.id, id)))[0]!;
  const vmIn = async (state: VmFixture['state'], name: string) => createSimulatedVm(database.db, { ...fixture, name, state });

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const companyId = (await upsertCompany(db, completeCompany('acme-vmstate', 'Acme Cloud'), ['https://acme-vmstate.example'])).id;
    const customerId = (await createCustomer(db, companyId, { email: 'thandi@example.co.za' })).id;
    const [product] = await db
      .insert(products)
      .values({ companyId, name: 'Ubuntu', serviceName: 'virtualmachine', serviceType: 'simulator', osType: 'Ubuntu 24.04' })
      .returning({ id: products.id });
    fixture = { companyId, customerId, productId: product!.id, os: 'Ubuntu 24.04', cpu: 2, ramGb: 4, diskGb: 60 };
  });

  afterAll(async () => {
    await database?.close();
  });

  it('moves a VM that is in one of `from`, with what changes along, and returns the moved row', async () => {
    const vm = await vmIn('stopped', 'moves');
    const moved = await transitionVm(database.db, vm.id, ['running', 'stopped'], 'expired', { lastError: 'period over' });
    expect(moved).toMatchObject({ id: vm.id, state: 'expired', lastError: 'period over' });
    expect(await rowOf(vm.id)).toMatchObject({ state: 'expired', lastError: 'period over' });
  });

  it('refuses a VM in any other state and leaves its row as it was', async () => {
    const vm = await vmIn('archived', 'refused');
    const before = await rowOf(vm.id);
    expect(await transitionVm(database.db, vm.id, ['running', 'stopped'], 'expired', { lastError: 'period over' })).toBeUndefined();
    expect(await rowOf(vm.id)).toEqual(before);
  });

  it("refuses when the caller's own guard does not hold (another action holds the VM)", async () => {
    const vm = await vmIn('running', 'guarded');
    await database.db.update(vms).set({ pendingAction: 'resizing' }).where(eq(vms.id, vm.id));
    const before = await rowOf(vm.id);
    expect(await transitionVm(database.db, vm.id, ['running'], 'stopped', {}, eq(vms.pendingAction, 'stopping'))).toBeUndefined();
    expect(await rowOf(vm.id)).toEqual(before);
  });

  it('moves a batch in one write: only the VMs in one of `from`', async () => {
    const running = await vmIn('running', 'batch-running');
    const archived = await vmIn('archived', 'batch-archived');
    const moved = await transitionVms(database.db, [running.id, archived.id], ['running', 'stopped'], 'expired');
    expect(moved).toEqual([running.id]);
    expect((await rowOf(running.id)).state).toBe('expired');
    expect((await rowOf(archived.id)).state).toBe('archived');
    expect(await transitionVms(database.db, [], ['running'], 'expired')).toEqual([]);
  });

  it('is refused by the database for a state outside the list, whoever writes it', async () => {
    const vm = await vmIn('running', 'not-a-state');
    await expect(database.db.execute(sql`update vms set state = 'paused' where id = ${vm.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/invalid input value for enum vm_state/) },
    });
    expect((await rowOf(vm.id)).state).toBe('running');
  });
});
