import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VmState } from '@mawingu/contracts/vm-state';
import type { Db } from '../client.ts';
import { simulatorBackups, simulatorVms, vmBackups, vms } from '../schema.ts';

export type VmFixture = {
  companyId: number;
  customerId: number;
  productId: number;
  name: string;
  os: string;
  cpu: number;
  ramGb: number;
  diskGb: number;
  regionId?: number | null;
  /** Portal state; the simulator's machine gets the matching power state. */
  state?: Extract<VmState, 'running' | 'stopped' | 'expired' | 'archived'>;
  /** Days from now to the end date (negative: already past). */
  endInDays?: number;
  days?: number;
  blocked?: boolean;
  alias?: string | null;
};

const MACHINE_STATE = { running: 'running', stopped: 'stopped', expired: 'stopped', archived: 'archived' } as const;

/**
 * A customer's VM as if bought and provisioned earlier: the simulator's machine and the portal's
 * row, on the simulator provider. For journeys, demos and benches that start from VMs in a state.
 */
export async function createSimulatedVm(db: Db, input: VmFixture) {
  const state = input.state ?? 'running';
  const externalId = `sim-${randomUUID()}`;
  const days = input.days ?? 30;
  const endInDays = input.endInDays ?? 20;
  await db.insert(simulatorVms).values({
    id: externalId,
    idempotencyKey: `fixture-${externalId}`,
    name: input.name,
    template: input.os,
    cpu: input.cpu,
    ramGb: input.ramGb,
    diskGb: input.diskGb,
    state: MACHINE_STATE[state],
    readyAt: sql`now()`,
  });
  const [vm] = await db
    .insert(vms)
    .values({
      companyId: input.companyId,
      customerId: input.customerId,
      orderId: null,
      productId: input.productId,
      provider: 'simulator',
      externalId,
      name: input.name,
      alias: input.alias ?? null,
      os: input.os,
      state,
      blocked: input.blocked ?? false,
      cpu: input.cpu,
      ramGb: input.ramGb,
      diskGb: input.diskGb,
      regionId: input.regionId ?? null,
      days,
      startAt: sql`now() + ${`${endInDays - days} days`}::interval`,
      endAt: sql`now() + ${`${endInDays} days`}::interval`,
      expiredAt: state === 'expired' || state === 'archived' ? sql`now() + ${`${endInDays} days`}::interval` : null,
      archivedAt: state === 'archived' ? sql`now()` : null,
    })
    .returning();
  return vm!;
}

/** A ready clone or snapshot of a VM, at the simulator and on the Backup tab (order: the one that bought it). */
export async function createSimulatedBackup(
  db: Db,
  vm: typeof vms.$inferSelect,
  input: { kind: 'clone' | 'snapshot'; orderId: number; cloneDuration?: number; cloneType?: string },
) {
  const backupId = `sim-${input.kind}-${randomUUID()}`;
  await db.insert(simulatorBackups).values({
    id: backupId,
    idempotencyKey: `fixture-${backupId}`,
    vmId: vm.externalId!,
    kind: input.kind,
    name: `${vm.name} ${input.kind}`,
    cpu: vm.cpu,
    ramGb: vm.ramGb,
    diskGb: vm.diskGb,
    state: 'ready',
  });
  const [backup] = await db
    .insert(vmBackups)
    .values({
      companyId: vm.companyId,
      customerId: vm.customerId,
      vmId: vm.id,
      orderId: input.orderId,
      kind: input.kind,
      name: `${vm.name} ${input.kind}`,
      cpu: vm.cpu,
      ramGb: vm.ramGb,
      diskGb: vm.diskGb,
      cloneDuration: input.cloneDuration ?? null,
      cloneType: input.cloneType ?? null,
      externalId: backupId,
      state: 'ready',
    })
    .returning();
  return backup!;
}
