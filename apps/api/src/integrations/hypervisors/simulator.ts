import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simulatorVms } from '../../db/schema.ts';
import {
  HypervisorError,
  type CreateVmInput,
  type Hypervisor,
  type HypervisorErrorKind,
  type HypervisorVm,
  type HypervisorVmState,
  type ResizeVmInput,
} from './hypervisor.ts';

type Operation = 'createVm' | 'getVm' | 'startVm' | 'stopVm' | 'deleteVm' | 'resizeVm';

export type SimulatorOptions = {
  /** How long a new machine takes to boot (ms). Realistic in the product, 0 in tests. */
  createDelayMs?: number;
};

export type SimulatorHypervisor = Hypervisor & {
  /** Tests: the next `times` calls of `operation` fail with `kind` (before touching anything). */
  failNext(operation: Operation, times: number, kind?: HypervisorErrorKind): void;
  /** Tests: how many machines it holds (deleted ones included). */
  count(): Promise<number>;
};

/**
 * The embedded default hypervisor: machines are rows of `simulator_vms`, so they survive restarts
 * and every API instance sees the same ones. A new machine is `creating` until its ready time, then
 * `running`; that change is made when the machine is next read, so no timer has to survive a crash.
 */
export function createSimulatorHypervisor(db: Db, options: SimulatorOptions = {}): SimulatorHypervisor {
  const provider = 'simulator';
  const createDelayMs = options.createDelayMs ?? 3000;
  const failures = new Map<Operation, { times: number; kind: HypervisorErrorKind }>();

  function maybeFail(operation: Operation) {
    const failure = failures.get(operation);
    if (!failure || failure.times <= 0) return;
    failure.times -= 1;
    throw new HypervisorError(failure.kind, `simulated ${failure.kind} failure of ${operation}`, provider);
  }

  async function read(externalId: string) {
    // Boot finished: creating → running, once, whoever reads first.
    await db
      .update(simulatorVms)
      .set({ state: 'running' })
      .where(and(eq(simulatorVms.id, externalId), eq(simulatorVms.state, 'creating'), lte(simulatorVms.readyAt, sql`now()`)));
    const [row] = await db.select().from(simulatorVms).where(eq(simulatorVms.id, externalId));
    return row;
  }

  async function existing(externalId: string) {
    const row = await read(externalId);
    if (!row || row.state === 'deleted') throw new HypervisorError('not-found', `no machine ${externalId}`, provider);
    return row;
  }

  async function setState(externalId: string, state: HypervisorVmState) {
    await db.update(simulatorVms).set({ state }).where(eq(simulatorVms.id, externalId));
  }

  return {
    provider,

    async createVm(input: CreateVmInput) {
      maybeFail('createVm');
      await db
        .insert(simulatorVms)
        .values({
          id: `sim-${randomUUID()}`,
          idempotencyKey: input.idempotencyKey,
          name: input.name,
          template: input.template,
          cpu: input.cpu,
          ramGb: input.ramGb,
          diskGb: input.diskGb,
          state: 'creating',
          readyAt: sql`now() + ${`${createDelayMs} milliseconds`}::interval`,
        })
        .onConflictDoNothing({ target: simulatorVms.idempotencyKey });
      const [row] = await db.select({ id: simulatorVms.id }).from(simulatorVms).where(eq(simulatorVms.idempotencyKey, input.idempotencyKey));
      if (!row) throw new HypervisorError('unavailable', 'machine not recorded', provider);
      return { externalId: row.id };
    },

    async getVm(externalId): Promise<HypervisorVm | null> {
      maybeFail('getVm');
      const row = await read(externalId);
      if (!row) return null;
      return { externalId: row.id, name: row.name, state: row.state as HypervisorVmState, cpu: row.cpu, ramGb: row.ramGb, diskGb: row.diskGb };
    },

    async startVm(externalId) {
      maybeFail('startVm');
      const row = await existing(externalId);
      if (row.state === 'creating') throw new HypervisorError('wrong-state', 'the machine is still being created', provider);
      await setState(externalId, 'running');
    },

    async stopVm(externalId) {
      maybeFail('stopVm');
      const row = await existing(externalId);
      if (row.state === 'creating') throw new HypervisorError('wrong-state', 'the machine is still being created', provider);
      await setState(externalId, 'stopped');
    },

    async deleteVm(externalId) {
      maybeFail('deleteVm');
      const row = await existing(externalId);
      if (row.state !== 'stopped') throw new HypervisorError('wrong-state', 'the machine must be shut off', provider);
      await setState(externalId, 'deleted');
    },

    async resizeVm(externalId, input: ResizeVmInput) {
      maybeFail('resizeVm');
      const row = await existing(externalId);
      if (row.state !== 'stopped') throw new HypervisorError('wrong-state', 'the machine must be shut off', provider);
      if (input.diskGb !== undefined && input.diskGb < row.diskGb) throw new HypervisorError('rejected', 'a disk cannot shrink', provider);
      await db
        .update(simulatorVms)
        .set({ cpu: input.cpu ?? row.cpu, ramGb: input.ramGb ?? row.ramGb, diskGb: input.diskGb ?? row.diskGb })
        .where(eq(simulatorVms.id, externalId));
    },

    failNext(operation, times, kind = 'unavailable') {
      failures.set(operation, { times, kind });
    },

    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(simulatorVms);
      return row?.n ?? 0;
    },
  };
}
