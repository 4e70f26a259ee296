/**
 * The Hypervisor port: what the portal asks of the machine that runs VMs. Adapters: the simulator
 * (embedded default, in the database), later Scale Computing HC3 (REST, async task tags),
 * OpenNebula and NodeWeaver (XML-RPC). The shape follows what those can all do:
 *
 * - `createVm` is idempotent by `idempotencyKey`: a retried create (after a crash, a time-out or a
 *   lost reply) returns the machine the first call made, never a second one. HC3 carries the key in
 *   the VM's `tags` and looks it up before POST /VirDomain; OpenNebula in the VM's user template
 *   (found through one.vmpool.info) before one.template.instantiate.
 * - `createVm` returns once the hypervisor has accepted the machine (HC3's createdUUID, OpenNebula's
 *   VM id); it may still be building. Callers poll `getVm` until it is `running`. Adapters that
 *   create powered off (HC3) start the machine themselves.
 * - Mutations are asynchronous on real hypervisors (HC3 task tags, OpenNebula actions that return
 *   when they start); the adapter waits for the task where the protocol allows it, and `getVm` is
 *   the truth.
 * - Every failure is a `HypervisorError` with a kind saying whether a retry can help.
 */

/** A machine as the hypervisor reports it (HC3 RUNNING/SHUTOFF…, OpenNebula STATE/LCM_STATE mapped). */
export type HypervisorVmState = 'creating' | 'running' | 'stopped' | 'archived' | 'failed' | 'deleted';

export type HypervisorVm = {
  externalId: string;
  name: string;
  state: HypervisorVmState;
  cpu: number;
  ramGb: number;
  diskGb: number;
  /** The machine's address as the hypervisor knows it (OpenNebula's first NIC IP, the simulator's); null when unknown (HC3). */
  address?: string | null;
};

/**
 * How the customer gets into a new machine (ADR 0100): the login user, its password as a SHA-512
 * crypt hash (never the password itself) and the SSH public keys picked at purchase. Adapters hand
 * it to the guest the way their platform does: OpenNebula/NodeWeaver CONTEXT (one-context and
 * cloud-init), HC3 cloudInitData, the simulator's own record.
 */
export type MachineAccess = { user: string; cryptedPassword: string; sshPublicKeys: string[] };

export type CreateVmInput = {
  name: string;
  cpu: number;
  ramGb: number;
  diskGb: number;
  /** The product's template or OS image (HC3 template VM to clone, OpenNebula template id). */
  template: string;
  /** Stable per purchase (e.g. `order-42`): the same key never makes two machines. */
  idempotencyKey: string;
  access?: MachineAccess;
};

export type ResizeVmInput = { cpu?: number; ramGb?: number; diskGb?: number };

/** A clone (a whole copy of the machine, kept powered off) or a snapshot (a point-in-time copy of its disks). */
export type BackupKind = 'clone' | 'snapshot';

export type CreateBackupInput = {
  kind: BackupKind;
  /** The copy's name at the hypervisor (HC3 clone name or snapshot label, OpenNebula image/snapshot name). */
  name: string;
  /** Stable per purchase (e.g. `order-42`): a retried call never makes a second copy. */
  idempotencyKey: string;
};

/** Restoring a clone makes a new machine from it; the key keeps a retried restore to one machine. */
export type RestoreCloneInput = { name: string; idempotencyKey: string };

/** Added disks beyond the machine's first; the portal sells at most two. */
export const MAX_ADDED_DISKS = 2;

/**
 * Why a hypervisor call failed:
 * - `unavailable`: unreachable, time-out, 5xx, locked, a task still running — retry later;
 * - `auth`: credentials refused (HC3 401, OpenNebula 0x0100/0x0200) — needs an operator;
 * - `not-found`: no such machine (HC3 404 or empty list, OpenNebula 0x0400);
 * - `wrong-state`: not allowed now, e.g. delete while running (OpenNebula 0x0800);
 * - `rejected`: the request itself is refused (bad template, no capacity: 0x1000, 0x4000).
 */
export type HypervisorErrorKind = 'unavailable' | 'auth' | 'not-found' | 'wrong-state' | 'rejected';

export class HypervisorError extends Error {
  constructor(
    readonly kind: HypervisorErrorKind,
    message: string,
    readonly provider: string,
  ) {
    super(message);
    this.name = 'HypervisorError';
  }

  /** Only an outage or a busy hypervisor gets better by waiting. */
  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

export interface Hypervisor {
  /** The provider name stored on the VM row; external ids belong to it. */
  readonly provider: string;
  createVm(input: CreateVmInput): Promise<{ externalId: string }>;
  /** The machine, or null when the hypervisor has no such machine. */
  getVm(externalId: string): Promise<HypervisorVm | null>;
  startVm(externalId: string): Promise<void>;
  /** Powers the machine off (HC3 SHUTDOWN/STOP, OpenNebula poweroff). */
  stopVm(externalId: string): Promise<void>;
  /** Only a stopped machine can be deleted (`wrong-state` otherwise). */
  deleteVm(externalId: string): Promise<void>;
  /** Only a stopped machine can be resized (`wrong-state` otherwise); disks only grow. */
  resizeVm(externalId: string, input: ResizeVmInput): Promise<void>;
  /** ACPI shutdown, the guest's own orderly power-off (HC3 SHUTDOWN, OpenNebula poweroff); `stopVm` is the hard one. */
  shutdownVm(externalId: string): Promise<void>;
  /**
   * Adds a disk of `sizeGb` (stopped machines only). Idempotent by `idempotencyKey` (HC3 disk name,
   * OpenNebula MAWINGU_KEY in the disk's DISK vector); `rejected` when the machine already has MAX_ADDED_DISKS added disks.
   */
  addDisk(externalId: string, input: { sizeGb: number; idempotencyKey: string }): Promise<void>;
  /**
   * Copies the machine (HC3 POST /VirDomain/{uuid}/clone or VirDomainSnapshot; OpenNebula
   * one.vm.disksaveas or one.vm.snapshotcreate) and waits for the copy. Returns the copy's id at the
   * hypervisor (the spec's cloneVMUUID / snapshotVMUUID).
   */
  createBackup(externalId: string, input: CreateBackupInput): Promise<{ backupId: string }>;
  /** Removes a clone or snapshot; a copy that is already gone is not an error. */
  deleteBackup(kind: BackupKind, backupId: string): Promise<void>;
  /**
   * Makes a running machine from a clone; returns the new machine's external id. Like `createVm` it
   * may return while the machine still boots (OpenNebula): callers poll `getVm` until `running`.
   */
  restoreClone(backupId: string, input: RestoreCloneInput): Promise<{ externalId: string }>;
  /** Archives an expired machine: powered off and set aside (HC3 tagged + SHUTOFF, OpenNebula undeploy). */
  archiveVm(externalId: string): Promise<void>;
  /** Brings an archived machine back and starts it (HC3 START, OpenNebula resume). */
  restoreArchive(externalId: string): Promise<void>;
  /**
   * Where the customer opens the machine's console: HC3 `{cluster}/?virDomainUUID={uuid}`, OpenNebula
   * and NodeWeaver `{fireedge}/fireedge/sunstone/instances/vms/{id}`, the simulator's own page.
   */
  consoleUrl(externalId: string): Promise<string>;
  /**
   * Gives a running machine a new login password (a reset from the VM's view): the simulator at
   * once, OpenNebula/NodeWeaver through the VM's CONTEXT (one.vm.updateconf, applied by one-context
   * when the guest re-reads it). Absent where the platform cannot (HC3 reads cloud-init only once).
   */
  setAccess?(externalId: string, access: MachineAccess): Promise<void>;
  /** The cloud's own users and self-service portal (OpenNebula, NodeWeaver); absent elsewhere. */
  readonly cloudUsers?: CloudUsers;
}

/**
 * A cloud's users (the spec's registerUserOpenNebula): OpenNebula one.user.allocate with the core
 * auth driver; `register` is idempotent by name (an existing user gets the new password), and
 * `grantMachine` hands a machine to the user (one.vm.chown) so the portal shows it.
 */
export type CloudUsers = {
  register(input: { username: string; password: string }): Promise<{ userId: string }>;
  grantMachine(externalId: string, userId: string): Promise<void>;
  /** The self-service portal's sign-in address (FireEdge Sunstone). */
  portalUrl(): string;
};

/** Which adapter serves a provider name; the embedded default serves every provider with the simulator. */
export type Hypervisors = {
  for(provider: string): Hypervisor;
};
