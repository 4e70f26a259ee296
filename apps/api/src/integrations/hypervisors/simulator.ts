import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { verify } from 'unixcrypt';
import type { Db } from '../../db/client.ts';
import { simulatorBackups, simulatorVms } from '../../db/schema.ts';
import {
  HypervisorError,
  MAX_ADDED_DISKS,
  type BackupKind,
  type CreateBackupInput,
  type CreateVmInput,
  type Hypervisor,
  type HypervisorErrorKind,
  type HypervisorVm,
  type HypervisorVmState,
  type MachineAccess,
  type ResizeVmInput,
  type RestoreCloneInput,
} from './hypervisor.ts';

type Operation =
  | 'createVm'
  | 'getVm'
  | 'startVm'
  | 'stopVm'
  | 'shutdownVm'
  | 'deleteVm'
  | 'resizeVm'
  | 'addDisk'
  | 'createBackup'
  | 'deleteBackup'
  | 'restoreClone'
  | 'archiveVm'
  | 'restoreArchive'
  | 'consoleUrl'
  | 'setAccess';

export type SimulatorOptions = {
  /** How long a new machine takes to boot (ms). Realistic in the product, 0 in tests. */
  createDelayMs?: number;
  /** The site's own address: the simulator's console page is served by the API (GET /simulator/console/{id}). */
  consoleBaseUrl?: string;
};

export type SimulatorHypervisor = Hypervisor & {
  /** Tests: the next `times` calls of `operation` fail with `kind` (before touching anything). */
  failNext(operation: Operation, times: number, kind?: HypervisorErrorKind): void;
  /** Tests: how many machines it holds (deleted ones included). */
  count(): Promise<number>;
  /** The guest's own login check, for the simulator's console: the user and password it was given. */
  checkLogin(externalId: string, user: string, password: string): Promise<boolean>;
  /** What the guest was given (tests, the console's greeting). */
  accessOf(externalId: string): Promise<MachineAccess | null>;
};

/** A private address per machine, stable for its id (the simulator has no network of its own). */
function addressOf(id: string): string {
  const hash = createHash('sha256').update(id).digest();
  return `10.20.${hash[0]}.${(hash[1]! % 253) + 2}`;
}

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

  async function stopped(externalId: string) {
    const row = await existing(externalId);
    if (row.state !== 'stopped') throw new HypervisorError('wrong-state', 'the machine must be shut off', provider);
    return row;
  }

  async function insertMachine(input: CreateVmInput, delayMs: number) {
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
        loginUser: input.access?.user ?? null,
        cryptedPassword: input.access?.cryptedPassword ?? null,
        sshPublicKeys: input.access?.sshPublicKeys ?? [],
        readyAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      })
      .onConflictDoNothing({ target: simulatorVms.idempotencyKey });
    const [row] = await db.select({ id: simulatorVms.id }).from(simulatorVms).where(eq(simulatorVms.idempotencyKey, input.idempotencyKey));
    if (!row) throw new HypervisorError('unavailable', 'machine not recorded', provider);
    return { externalId: row.id };
  }

  return {
    provider,

    async createVm(input: CreateVmInput) {
      maybeFail('createVm');
      return insertMachine(input, createDelayMs);
    },

    async getVm(externalId): Promise<HypervisorVm | null> {
      maybeFail('getVm');
      const row = await read(externalId);
      if (!row) return null;
      return {
        externalId: row.id,
        name: row.name,
        state: row.state as HypervisorVmState,
        cpu: row.cpu,
        ramGb: row.ramGb,
        diskGb: row.diskGb,
        address: addressOf(row.id),
      };
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

    async shutdownVm(externalId) {
      maybeFail('shutdownVm');
      const row = await existing(externalId);
      if (row.state === 'creating') throw new HypervisorError('wrong-state', 'the machine is still being created', provider);
      await setState(externalId, 'stopped');
    },

    async deleteVm(externalId) {
      maybeFail('deleteVm');
      await stopped(externalId);
      await setState(externalId, 'deleted');
    },

    async addDisk(externalId, input: { sizeGb: number; idempotencyKey: string }) {
      maybeFail('addDisk');
      const row = await stopped(externalId);
      // The simulator keys added disks by their size list; a retry after success is recognised by count.
      if (row.addedDisksGb.length >= MAX_ADDED_DISKS)
        throw new HypervisorError('rejected', `at most ${MAX_ADDED_DISKS} disks can be added`, provider);
      await db
        .update(simulatorVms)
        .set({ addedDisksGb: sql`array_append(${simulatorVms.addedDisksGb}, ${input.sizeGb}::integer)` })
        .where(eq(simulatorVms.id, externalId));
    },

    async createBackup(externalId, input: CreateBackupInput) {
      maybeFail('createBackup');
      const row = await existing(externalId);
      if (row.state === 'creating') throw new HypervisorError('wrong-state', 'the machine is still being created', provider);
      await db
        .insert(simulatorBackups)
        .values({
          id: `sim-${input.kind}-${randomUUID()}`,
          idempotencyKey: input.idempotencyKey,
          vmId: externalId,
          kind: input.kind,
          name: input.name,
          cpu: row.cpu,
          ramGb: row.ramGb,
          diskGb: row.diskGb + row.addedDisksGb.reduce((a, b) => a + b, 0),
          state: 'ready',
        })
        .onConflictDoNothing({ target: simulatorBackups.idempotencyKey });
      const [backup] = await db
        .select({ id: simulatorBackups.id })
        .from(simulatorBackups)
        .where(eq(simulatorBackups.idempotencyKey, input.idempotencyKey));
      if (!backup) throw new HypervisorError('unavailable', 'copy not recorded', provider);
      return { backupId: backup.id };
    },

    async deleteBackup(_kind: BackupKind, backupId: string) {
      maybeFail('deleteBackup');
      await db.update(simulatorBackups).set({ state: 'deleted' }).where(eq(simulatorBackups.id, backupId));
    },

    async restoreClone(backupId: string, input: RestoreCloneInput) {
      maybeFail('restoreClone');
      const [backup] = await db.select().from(simulatorBackups).where(eq(simulatorBackups.id, backupId));
      if (!backup || backup.state === 'deleted') throw new HypervisorError('not-found', `no clone ${backupId}`, provider);
      if (backup.kind !== 'clone') throw new HypervisorError('rejected', 'only a clone can be restored as a machine', provider);
      return insertMachine(
        {
          name: input.name,
          template: backup.name,
          cpu: backup.cpu,
          ramGb: backup.ramGb,
          diskGb: backup.diskGb,
          idempotencyKey: input.idempotencyKey,
        },
        createDelayMs,
      );
    },

    async archiveVm(externalId) {
      maybeFail('archiveVm');
      const row = await existing(externalId);
      if (row.state === 'creating') throw new HypervisorError('wrong-state', 'the machine is still being created', provider);
      await setState(externalId, 'archived');
    },

    async restoreArchive(externalId) {
      maybeFail('restoreArchive');
      const row = await existing(externalId);
      if (row.state !== 'archived' && row.state !== 'stopped')
        throw new HypervisorError('wrong-state', 'the machine is not archived', provider);
      await setState(externalId, 'running');
    },

    async setAccess(externalId, access) {
      maybeFail('setAccess');
      await existing(externalId);
      await db
        .update(simulatorVms)
        .set({ loginUser: access.user, cryptedPassword: access.cryptedPassword, sshPublicKeys: access.sshPublicKeys })
        .where(eq(simulatorVms.id, externalId));
    },

    async checkLogin(externalId, user, password) {
      const row = await read(externalId);
      if (!row || row.state !== 'running' || !row.cryptedPassword || row.loginUser !== user) return false;
      return verify(password, row.cryptedPassword);
    },

    async accessOf(externalId) {
      const row = await read(externalId);
      if (!row?.loginUser || !row.cryptedPassword) return null;
      return { user: row.loginUser, cryptedPassword: row.cryptedPassword, sshPublicKeys: row.sshPublicKeys };
    },

    async consoleUrl(externalId) {
      maybeFail('consoleUrl');
      await existing(externalId);
      return `${options.consoleBaseUrl ?? ''}/simulator/console/${encodeURIComponent(externalId)}`;
    },

    async resizeVm(externalId, input: ResizeVmInput) {
      maybeFail('resizeVm');
      const row = await stopped(externalId);
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
