/**
 * The Scale Computing HyperCore (HC3) adapter (protocols.md §5). Machines are VirDomains; the
 * portal's keys travel in their `tags` (`mawingu:<key>`), so a retried create, clone or restore finds
 * the machine the first call made instead of making another. Every mutation waits for its task tag.
 *
 * Units: memory in GiB (mem × 1024³ bytes, as HyperCore's UI shows it), disks in GB (capacity ×
 * 1000³ bytes, as Scale's terraform provider does). `diskGb` is the machine's first VIRTIO disk.
 */
import { createHc3Client, type Hc3Client, type Hc3Settings } from './hc3-client.ts';
import {
  HypervisorError,
  MAX_ADDED_DISKS,
  type CreateVmInput,
  type Hypervisor,
  type HypervisorVm,
  type HypervisorVmState,
} from './hypervisor.ts';
import { hc3CloudInitData, hostnameOf } from './machine-access.ts';
import { backupLabel, pollUntil } from './polling.ts';

export type { Hc3Settings } from './hc3-client.ts';

const GIB = 1024 ** 3;
const GB = 1000 ** 3;
const KEY_TAG = (key: string) => `mawingu:${key}`;
const ARCHIVED_TAG = 'archived';

type BlockDev = { uuid: string; type: string; capacity: number; slot?: number; name?: string };
type VirDomain = { uuid: string; name: string; state: string; mem: number; numVCPU: number; tags?: string; blockDevs?: BlockDev[] };
type Snapshot = { uuid: string; domainUUID: string; label?: string };
type PowerAction = 'START' | 'SHUTDOWN' | 'STOP';
type CloudInitData = { userData: string; metaData: string };

const tagsOf = (vm: { tags?: string }) =>
  (vm.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** The machine's disks in slot order; the first is the system disk, the others were added. */
const disksOf = (vm: VirDomain) =>
  (vm.blockDevs ?? []).filter((d) => d.type === 'VIRTIO_DISK').sort((a, b) => (a.slot ?? 0) - (b.slot ?? 0));

function stateOf(vm: VirDomain): HypervisorVmState {
  switch (vm.state) {
    case 'RUNNING':
    case 'BLOCKED': // running, waiting on I/O
    case 'SHUTDOWN': // ACPI shutdown in progress: still on
      return 'running';
    case 'SHUTOFF':
    case 'PAUSED':
      return 'stopped';
    case 'CRASHED':
      return 'failed';
    default:
      return 'creating';
  }
}

export function createHc3Hypervisor(settings: Hc3Settings, provider = 'scaleComputing'): Hypervisor {
  const client: Hc3Client = createHc3Client(settings, provider);

  const find = async (uuid: string) => (await client.list<VirDomain>(`/VirDomain/${encodeURIComponent(uuid)}`))[0];

  async function existing(uuid: string): Promise<VirDomain> {
    const vm = await find(uuid);
    if (!vm) throw new HypervisorError('not-found', `HC3 has no machine ${uuid}`, provider);
    return vm;
  }

  async function byKey(key: string): Promise<VirDomain | undefined> {
    return (await client.list<VirDomain>('/VirDomain')).find((vm) => tagsOf(vm).includes(KEY_TAG(key)));
  }

  async function power(uuid: string, actionType: PowerAction) {
    await client.wait(await client.send('POST', '/VirDomain/action', [{ virDomainUUID: uuid, actionType }]));
  }

  async function mustBeOff(uuid: string, doing: string): Promise<VirDomain> {
    const vm = await existing(uuid);
    if (vm.state !== 'SHUTOFF')
      throw new HypervisorError('wrong-state', `HC3 machine ${uuid} must be shut off to ${doing} (it is ${vm.state})`, provider);
    return vm;
  }

  async function setTags(vm: VirDomain, tags: string[]) {
    await client.wait(await client.send('PATCH', `/VirDomain/${vm.uuid}`, { tags: tags.join(',') }));
  }

  async function clone(sourceUuid: string, name: string, tags: string[], cloudInitData?: CloudInitData): Promise<string> {
    const task = await client.send('POST', `/VirDomain/${encodeURIComponent(sourceUuid)}/clone`, {
      template: { name, tags: tags.join(','), ...(cloudInitData && { cloudInitData }) },
    });
    await client.wait(task);
    if (!task.createdUUID) throw new HypervisorError('unavailable', `HC3 clone of ${sourceUuid} answered no new machine`, provider);
    return task.createdUUID;
  }

  /** The template VM to clone: given by uuid, or by name. */
  async function templateUuid(template: string): Promise<string> {
    const direct = await find(template);
    if (direct) return direct.uuid;
    const named = (await client.list<VirDomain>('/VirDomain')).find((vm) => vm.name === template);
    if (!named) throw new HypervisorError('rejected', `HC3 has no template machine "${template}"`, provider);
    return named.uuid;
  }

  /** Brings a (possibly half-made) new machine to the requested size, then starts it. Safe to repeat. */
  async function finishCreate(uuid: string, input: CreateVmInput) {
    const vm = await existing(uuid);
    if (vm.state === 'SHUTOFF') {
      const mem = input.ramGb * GIB;
      if (vm.mem !== mem || vm.numVCPU !== input.cpu) {
        await client.wait(await client.send('PATCH', `/VirDomain/${uuid}`, { mem, numVCPU: input.cpu }));
      }
      const [system] = disksOf(vm);
      if (system && system.capacity < input.diskGb * GB) {
        await client.wait(await client.send('PATCH', `/VirDomainBlockDevice/${system.uuid}`, { capacity: input.diskGb * GB }));
      }
      await power(uuid, 'START');
    }
  }

  async function waitUntilOff(uuid: string): Promise<boolean> {
    try {
      await pollUntil(
        async () => ((await existing(uuid)).state === 'SHUTOFF' ? true : undefined),
        client.poll,
        () => new Error('still on'),
      );
      return true;
    } catch (err) {
      if (err instanceof HypervisorError) throw err;
      return false;
    }
  }

  return {
    provider,

    async createVm(input) {
      const found = await byKey(input.idempotencyKey);
      let uuid = found?.uuid;
      if (!uuid) {
        const tags = [KEY_TAG(input.idempotencyKey)];
        // The login reaches the guest through cloud-init (HC-ANS: cloudInitData on create and clone).
        const cloudInitData = input.access && hc3CloudInitData(input.access, input.idempotencyKey, hostnameOf(input.name));
        if (input.template) {
          uuid = await clone(await templateUuid(input.template), input.name, tags, cloudInitData);
        } else {
          const task = await client.send('POST', '/VirDomain', {
            dom: {
              name: input.name,
              mem: input.ramGb * GIB,
              numVCPU: input.cpu,
              tags: tags.join(','),
              blockDevs: [{ type: 'VIRTIO_DISK', capacity: input.diskGb * GB, cacheMode: 'WRITETHROUGH' }],
              netDevs: [{ type: 'VIRTIO' }],
              ...(cloudInitData && { cloudInitData }),
            },
            options: { attachGuestToolsISO: false },
          });
          await client.wait(task);
          if (!task.createdUUID) throw new HypervisorError('unavailable', 'HC3 create answered no new machine', provider);
          uuid = task.createdUUID;
        }
      }
      // HC3 creates machines powered off: size and start it (also when a retry finds it half made).
      await finishCreate(uuid, input);
      return { externalId: uuid };
    },

    async getVm(externalId): Promise<HypervisorVm | null> {
      const vm = await find(externalId);
      if (!vm) return null;
      const [system] = disksOf(vm);
      return {
        externalId: vm.uuid,
        name: vm.name,
        state: stateOf(vm),
        cpu: vm.numVCPU,
        ramGb: Math.round(vm.mem / GIB),
        diskGb: system ? Math.round(system.capacity / GB) : 0,
      };
    },

    async startVm(externalId) {
      const vm = await existing(externalId);
      if (vm.state !== 'RUNNING') await power(externalId, 'START');
    },

    async stopVm(externalId) {
      const vm = await existing(externalId);
      if (vm.state !== 'SHUTOFF') await power(externalId, 'STOP');
    },

    async shutdownVm(externalId) {
      const vm = await existing(externalId);
      if (vm.state !== 'SHUTOFF') await power(externalId, 'SHUTDOWN');
    },

    async deleteVm(externalId) {
      await mustBeOff(externalId, 'be deleted');
      await client.wait(await client.send('DELETE', `/VirDomain/${externalId}`));
    },

    async resizeVm(externalId, input) {
      const vm = await mustBeOff(externalId, 'be resized');
      const [system] = disksOf(vm);
      if (input.diskGb !== undefined && system && input.diskGb * GB < system.capacity) {
        throw new HypervisorError('rejected', 'a disk cannot shrink', provider);
      }
      const change: { mem?: number; numVCPU?: number } = {};
      if (input.ramGb !== undefined) change.mem = input.ramGb * GIB;
      if (input.cpu !== undefined) change.numVCPU = input.cpu;
      if (Object.keys(change).length > 0) await client.wait(await client.send('PATCH', `/VirDomain/${externalId}`, change));
      if (input.diskGb !== undefined && system && input.diskGb * GB > system.capacity) {
        await client.wait(await client.send('PATCH', `/VirDomainBlockDevice/${system.uuid}`, { capacity: input.diskGb * GB }));
      }
    },

    async addDisk(externalId, input) {
      const vm = await mustBeOff(externalId, 'get a disk');
      const added = disksOf(vm).slice(1);
      if (added.some((d) => d.name === input.idempotencyKey)) return;
      if (added.length >= MAX_ADDED_DISKS) throw new HypervisorError('rejected', `at most ${MAX_ADDED_DISKS} disks can be added`, provider);
      const task = await client.send('POST', '/VirDomainBlockDevice', {
        virDomainUUID: externalId,
        type: 'VIRTIO_DISK',
        capacity: input.sizeGb * GB,
        cacheMode: 'WRITETHROUGH',
        name: input.idempotencyKey,
      });
      await client.wait(task);
    },

    async createBackup(externalId, input) {
      await existing(externalId);
      if (input.kind === 'clone') {
        const found = await byKey(input.idempotencyKey);
        if (found) return { backupId: found.uuid };
        // A clone is kept powered off; its tags say what it is.
        return { backupId: await clone(externalId, input.name, [KEY_TAG(input.idempotencyKey), 'clone']) };
      }
      const label = backupLabel(input.name, input.idempotencyKey);
      const snapshots = await client.list<Snapshot>('/VirDomainSnapshot');
      const found = snapshots.find((s) => s.domainUUID === externalId && s.label === label);
      if (found) return { backupId: found.uuid };
      const task = await client.send('POST', '/VirDomainSnapshot', { domainUUID: externalId, label, type: 'USER' });
      await client.wait(task);
      if (!task.createdUUID) throw new HypervisorError('unavailable', 'HC3 snapshot answered no new snapshot', provider);
      return { backupId: task.createdUUID };
    },

    async deleteBackup(kind, backupId) {
      if (kind === 'snapshot') {
        const [snapshot] = await client.list<Snapshot>(`/VirDomainSnapshot/${encodeURIComponent(backupId)}`);
        if (!snapshot) return;
        await client.wait(await client.send('DELETE', `/VirDomainSnapshot/${encodeURIComponent(backupId)}`));
        return;
      }
      const vm = await find(backupId);
      if (!vm) return;
      if (vm.state !== 'SHUTOFF') await power(backupId, 'STOP');
      await client.wait(await client.send('DELETE', `/VirDomain/${encodeURIComponent(backupId)}`));
    },

    async restoreClone(backupId, input) {
      const found = await byKey(input.idempotencyKey);
      const uuid = found?.uuid ?? (await clone((await existing(backupId)).uuid, input.name, [KEY_TAG(input.idempotencyKey)]));
      const vm = await existing(uuid);
      if (vm.state === 'SHUTOFF') await power(uuid, 'START');
      return { externalId: uuid };
    },

    async archiveVm(externalId) {
      const vm = await existing(externalId);
      if (vm.state !== 'SHUTOFF') {
        // Ask the guest first; a guest that ignores ACPI is switched off when the wait runs out.
        await power(externalId, 'SHUTDOWN');
        if (!(await waitUntilOff(externalId))) await power(externalId, 'STOP');
      }
      const tags = tagsOf(await existing(externalId));
      if (!tags.includes(ARCHIVED_TAG)) await setTags(vm, [...tags, ARCHIVED_TAG]);
    },

    async restoreArchive(externalId) {
      const vm = await existing(externalId);
      const tags = tagsOf(vm);
      if (tags.includes(ARCHIVED_TAG))
        await setTags(
          vm,
          tags.filter((t) => t !== ARCHIVED_TAG),
        );
      if (vm.state !== 'RUNNING') await power(externalId, 'START');
    },

    /**
     * HyperCore has no per-VM console URL in its REST API: the customer is sent to the cluster's web
     * UI with the machine's uuid in the query (`{cluster}/?virDomainUUID={uuid}`), where its console opens.
     */
    async consoleUrl(externalId) {
      const vm = await existing(externalId);
      return `${client.baseUrl}/?virDomainUUID=${encodeURIComponent(vm.uuid)}`;
    },
  };
}
