/**
 * The HC3 fake's records: VMs (VirDomain) with their block devices, snapshots, and the tasks every
 * change runs as (QUEUED → RUNNING … → COMPLETE after `taskPolls` polls of TaskTag/{tag}; the change
 * lands at COMPLETE). The REST routes that change them are in hc3-routes.ts; the server in hc3.ts.
 */
import { randomUUID } from 'node:crypto';

export type FakeHc3BlockDev = {
  uuid: string;
  virDomainUUID: string;
  type: string;
  capacity: number;
  slot: number;
  name: string;
  cacheMode: string;
};
export type FakeHc3Vm = {
  uuid: string;
  name: string;
  description: string;
  mem: number;
  numVCPU: number;
  state: 'RUNNING' | 'SHUTOFF' | 'BLOCKED' | 'PAUSED' | 'SHUTDOWN' | 'CRASHED';
  tags: string;
  blockDevs: FakeHc3BlockDev[];
  netDevs: Array<{ uuid: string; type: string; vlan: number }>;
  sourceVirDomainUUID: string;
  /** What cloud-init will read at first boot, as received (base64 strings). */
  cloudInitData?: { userData: string; metaData: string };
};
export type FakeHc3Snapshot = { uuid: string; domainUUID: string; label: string; type: string; timestamp: number };

type Task = {
  tag: string;
  state: 'QUEUED' | 'RUNNING' | 'COMPLETE' | 'ERROR';
  pollsLeft: number;
  fail: boolean;
  stall: boolean;
  apply: () => void;
  message: string;
};

const GIB = 1024 ** 3;
const GB = 1000 ** 3;

export type Hc3Cluster = ReturnType<typeof createHc3Cluster>;

/** A cluster holding the template machine every test can clone ("ubuntu-template", 2 vCPU, 2 GiB, 20 GB). */
export function createHc3Cluster(taskPolls: number) {
  const vms = new Map<string, FakeHc3Vm>();
  const snapshots = new Map<string, FakeHc3Snapshot>();
  const tasks = new Map<string, Task>();
  /** What tests set: polls before a task completes, and whether the next task fails or never ends. */
  const controls = { taskPolls, failTask: false, stallTask: false };
  let nextTag = 100;

  function addVm(vm: Partial<FakeHc3Vm> & { name: string }): FakeHc3Vm {
    const uuid = vm.uuid ?? randomUUID();
    const made: FakeHc3Vm = {
      uuid,
      name: vm.name,
      description: vm.description ?? '',
      mem: vm.mem ?? 2 * GIB,
      numVCPU: vm.numVCPU ?? 2,
      state: vm.state ?? 'SHUTOFF',
      tags: vm.tags ?? '',
      blockDevs: (
        vm.blockDevs ?? [
          { type: 'VIRTIO_DISK', capacity: 20 * GB, slot: 0, name: '', cacheMode: 'WRITETHROUGH', uuid: '', virDomainUUID: '' },
        ]
      ).map((d) => ({
        ...d,
        uuid: d.uuid || randomUUID(),
        virDomainUUID: uuid,
      })),
      netDevs: vm.netDevs ?? [{ uuid: randomUUID(), type: 'VIRTIO', vlan: 0 }],
      sourceVirDomainUUID: vm.sourceVirDomainUUID ?? '',
      ...(vm.cloudInitData && { cloudInitData: vm.cloudInitData }),
    };
    vms.set(uuid, made);
    return made;
  }
  const template = addVm({ name: 'ubuntu-template', tags: 'template' });

  /** A task for `apply`, run when the task completes; `createdUUID` names what it makes. */
  function task(message: string, apply: () => void, createdUUID = ''): { taskTag: string; createdUUID: string } {
    const tag = String(nextTag++);
    tasks.set(tag, {
      tag,
      state: 'QUEUED',
      pollsLeft: controls.taskPolls,
      fail: controls.failTask,
      stall: controls.stallTask,
      apply,
      message,
    });
    controls.failTask = false;
    controls.stallTask = false;
    return { taskTag: tag, createdUUID };
  }

  function pollTask(tag: string) {
    const t = tasks.get(tag);
    if (!t) return [];
    if (t.state === 'QUEUED' || t.state === 'RUNNING') {
      if (t.stall) t.state = 'RUNNING';
      else if (t.pollsLeft > 0) {
        t.pollsLeft -= 1;
        t.state = 'RUNNING';
      } else if (t.fail) t.state = 'ERROR';
      else {
        t.apply();
        t.state = 'COMPLETE';
      }
    }
    const now = Math.floor(Date.now() / 1000);
    return [
      {
        taskTag: t.tag,
        state: t.state,
        progressPercent: t.state === 'COMPLETE' ? 100 : 0,
        created: now,
        modified: now,
        completed: t.state === 'COMPLETE' ? now : 0,
        formattedDescription: t.message,
        formattedMessage: t.state === 'ERROR' ? `${t.message} failed: simulated error` : '',
        messageParameters: [],
        descriptionParameters: [],
        nodeUUIDs: [],
        objectUUID: '',
        sessionID: '',
      },
    ];
  }

  const copyDisks = (from: FakeHc3Vm, to: string) => from.blockDevs.map((d) => ({ ...d, uuid: randomUUID(), virDomainUUID: to }));

  return { vms, snapshots, controls, template, addVm, task, pollTask, copyDisks };
}
