/**
 * The OpenNebula adapter (XML-RPC, protocols.md §6); NodeWeaver is the same API with its own
 * front-end and credentials (nodeweaver.ts). External ids are VM ids; the portal's key lives in the
 * VM's user template (MAWINGU_KEY), in an added disk's DISK vector, and in a clone image's name, so
 * a retried call finds what the first one made. Actions return when they start: the adapter polls
 * one.vm.info (or one.image.info) until the target state, a *_FAILURE state (`rejected`) or the
 * time-out (`unavailable`).
 *
 * Units: MEMORY and disk SIZE are MB at OpenNebula; the port's GB are 1024 MB.
 */
import { HypervisorError, MAX_ADDED_DISKS, type Hypervisor, type HypervisorVm, type HypervisorVmState } from './hypervisor.ts';
import { hostnameOf, oneContextOf } from './machine-access.ts';
import { createOneRpc } from './opennebula-rpc.ts';
import { createOneCloudUsers } from './opennebula-users.ts';
import {
  ONE,
  isFailed,
  parseImage,
  parseImagePool,
  parseTemplateContext,
  parseTemplateDisks,
  parseVm,
  parseVmPool,
  stateOf,
  templateText,
  type OneVm,
} from './opennebula-xml.ts';
import { POLL_DEFAULTS, backupLabel, pollUntil, type PollSettings } from './polling.ts';

export type OpenNebulaSettings = PollSettings & {
  /** The XML-RPC endpoint, e.g. `http://frontend:2633/RPC2`. */
  url: string;
  username: string;
  password: string;
  /** FireEdge's address for the console link, e.g. `https://frontend:2616`; default: the front-end on port 2616. */
  fireEdgeUrl?: string;
};

const MB_PER_GB = 1024;
const KEY = 'MAWINGU_KEY';
const IMAGE_READY = 1;
const IMAGE_USED = 2;
const IMAGE_ERROR = 5;

const isOff = (vm: OneVm) => vm.state === ONE.POWEROFF || vm.state === ONE.UNDEPLOYED;
const isSettled = (vm: OneVm) => stateOf(vm) === 'running' || stateOf(vm) === 'stopped';

export function createOpenNebulaHypervisor(settings: OpenNebulaSettings, provider = 'openNebula'): Hypervisor {
  const poll = {
    pollIntervalMs: settings.pollIntervalMs ?? POLL_DEFAULTS.pollIntervalMs,
    taskTimeoutMs: settings.taskTimeoutMs ?? POLL_DEFAULTS.taskTimeoutMs,
  };
  const rpc = createOneRpc({ ...settings, requestTimeoutMs: settings.requestTimeoutMs ?? POLL_DEFAULTS.requestTimeoutMs }, provider);
  const fireEdge = (
    settings.fireEdgeUrl ??
    (() => {
      const u = new URL(settings.url);
      return `${u.protocol}//${u.hostname}:2616`;
    })()
  ).replace(/\/+$/, '');

  function vmId(externalId: string): number {
    const id = Number(externalId);
    if (!Number.isInteger(id) || id < 0) throw new HypervisorError('not-found', `${provider} has no machine ${externalId}`, provider);
    return id;
  }

  const info = async (externalId: string | number) =>
    parseVm(String(await rpc('one.vm.info', typeof externalId === 'number' ? externalId : vmId(externalId))));

  async function existing(externalId: string): Promise<OneVm> {
    const vm = await info(externalId);
    if (vm.state === ONE.DONE) throw new HypervisorError('not-found', `${provider} machine ${externalId} is deleted`, provider);
    return vm;
  }

  /** Every machine but DONE ones (filter -2 = all users, state -1 = any but DONE). */
  async function byKey(key: string): Promise<OneVm | undefined> {
    return parseVmPool(String(await rpc('one.vmpool.info', -2, -1, -1, -1))).find((vm) => vm.userTemplate[KEY] === key);
  }

  /** Polls one.vm.info until `done`; a failure state is `rejected`; a vanished machine counts as DONE. */
  async function waitFor(id: number, what: string, done: (vm: OneVm) => boolean): Promise<void> {
    await pollUntil(
      async () => {
        let vm: OneVm;
        try {
          vm = await info(id);
        } catch (err) {
          if (err instanceof HypervisorError && err.kind === 'not-found')
            vm = { id, name: '', state: ONE.DONE, lcmState: 0, template: {}, userTemplate: {} };
          else throw err;
        }
        if (done(vm)) return true;
        if (isFailed(vm))
          throw new HypervisorError(
            'rejected',
            `${provider} machine ${id} failed to ${what} (STATE ${vm.state}, LCM_STATE ${vm.lcmState})`,
            provider,
          );
        return undefined;
      },
      poll,
      () => new HypervisorError('unavailable', `${provider} machine ${id} did not ${what} within ${poll.taskTimeoutMs} ms`, provider),
    );
  }

  /** one.vm.action takes the action name BEFORE the id. */
  const action = (name: string, id: number) => rpc('one.vm.action', name, id);

  async function mustBeOff(externalId: string, doing: string): Promise<OneVm> {
    const vm = await existing(externalId);
    if (!isOff(vm)) throw new HypervisorError('wrong-state', `${provider} machine ${externalId} must be powered off to ${doing}`, provider);
    return vm;
  }

  const disksOf = (vm: OneVm) => vm.template.DISK ?? [];
  const backToOff = (before: OneVm) => (vm: OneVm) => vm.state === before.state;

  async function instantiate(templateId: number, name: string, extra: string): Promise<string> {
    return String(await rpc('one.template.instantiate', templateId, name, false, extra, false));
  }

  async function powerOff(externalId: string, how: 'poweroff' | 'poweroff-hard') {
    const vm = await existing(externalId);
    if (isOff(vm)) return;
    await action(how, vm.id);
    await waitFor(vm.id, 'power off', (v) => isOff(v));
  }

  return {
    provider,

    async createVm(input) {
      const found = await byKey(input.idempotencyKey);
      if (found) return { externalId: String(found.id) };
      const templateId = Number(input.template);
      if (!input.template || !Number.isInteger(templateId))
        throw new HypervisorError('rejected', `${provider} template must be a template id, not "${input.template}"`, provider);
      // DISK and CONTEXT in the extra template replace the template's: repeat them, the first disk
      // resized, the context with the login added (one-context and cloud-init read it at boot).
      const templateXml = String(await rpc('one.template.info', templateId, false, false));
      const [system, ...others] = parseTemplateDisks(templateXml);
      const context = input.access && {
        NETWORK: 'YES',
        ...parseTemplateContext(templateXml),
        SET_HOSTNAME: hostnameOf(input.name),
        ...oneContextOf(input.access),
      };
      const extra = [
        templateText({ CPU: input.cpu, VCPU: input.cpu, MEMORY: input.ramGb * MB_PER_GB, [KEY]: input.idempotencyKey }),
        ...(system ? [templateText({ DISK: { ...system, SIZE: String(input.diskGb * MB_PER_GB) } })] : []),
        ...others.map((d) => templateText({ DISK: d })),
        ...(context ? [templateText({ CONTEXT: context })] : []),
      ].join('\n');
      return { externalId: await instantiate(templateId, input.name, extra) };
    },

    async getVm(externalId): Promise<HypervisorVm | null> {
      let vm: OneVm;
      try {
        vm = await info(externalId);
      } catch (err) {
        if (err instanceof HypervisorError && err.kind === 'not-found') return null;
        throw err;
      }
      const state: HypervisorVmState = stateOf(vm);
      const [system] = disksOf(vm);
      return {
        externalId: String(vm.id),
        name: vm.name,
        state,
        cpu: Number(vm.template.VCPU ?? vm.template.CPU ?? 0),
        ramGb: Math.round(Number(vm.template.MEMORY ?? 0) / MB_PER_GB),
        diskGb: system ? Math.round(Number(system.SIZE ?? 0) / MB_PER_GB) : 0,
        address: vm.template.NIC?.[0]?.IP || null,
      };
    },

    async startVm(externalId) {
      const vm = await existing(externalId);
      if (stateOf(vm) === 'running') return;
      if (stateOf(vm) !== 'stopped')
        throw new HypervisorError('wrong-state', `${provider} machine ${externalId} is not powered off`, provider);
      await action('resume', vm.id);
      await waitFor(vm.id, 'start', (v) => stateOf(v) === 'running');
    },

    stopVm: (externalId) => powerOff(externalId, 'poweroff-hard'),

    shutdownVm: (externalId) => powerOff(externalId, 'poweroff'),

    async deleteVm(externalId) {
      const vm = await mustBeOff(externalId, 'be deleted');
      await action('terminate', vm.id);
      await waitFor(vm.id, 'be deleted', (v) => v.state === ONE.DONE);
    },

    async resizeVm(externalId, input) {
      const vm = await mustBeOff(externalId, 'be resized');
      const [system] = disksOf(vm);
      const currentMb = Number(system?.SIZE ?? 0);
      if (input.diskGb !== undefined && input.diskGb * MB_PER_GB < currentMb)
        throw new HypervisorError('rejected', 'a disk cannot shrink', provider);
      if (input.cpu !== undefined || input.ramGb !== undefined) {
        const change = templateText({
          CPU: input.cpu,
          VCPU: input.cpu,
          MEMORY: input.ramGb === undefined ? undefined : input.ramGb * MB_PER_GB,
        });
        await rpc('one.vm.resize', vm.id, change, true);
        await waitFor(vm.id, 'resize', backToOff(vm));
      }
      if (input.diskGb !== undefined && system && input.diskGb * MB_PER_GB > currentMb) {
        await rpc('one.vm.diskresize', vm.id, Number(system.DISK_ID ?? 0), String(input.diskGb * MB_PER_GB));
        await waitFor(vm.id, 'resize its disk', backToOff(vm));
      }
    },

    async addDisk(externalId, input) {
      const vm = await mustBeOff(externalId, 'get a disk');
      const disks = disksOf(vm);
      const added = disks.slice(1).filter((d) => d.TYPE !== 'CDROM');
      if (added.some((d) => d[KEY] === input.idempotencyKey)) return;
      if (added.length >= MAX_ADDED_DISKS) throw new HypervisorError('rejected', `at most ${MAX_ADDED_DISKS} disks can be added`, provider);
      const used = new Set(disks.map((d) => d.TARGET));
      const target = [...'bcdefghijklmnop'].map((c) => `vd${c}`).find((t) => !used.has(t))!;
      // A volatile disk; the key rides in its DISK vector so a retry sees it is already there.
      const disk = {
        TYPE: 'fs',
        FORMAT: 'raw',
        SIZE: String(input.sizeGb * MB_PER_GB),
        DEV_PREFIX: 'vd',
        TARGET: target,
        [KEY]: input.idempotencyKey,
      };
      await rpc('one.vm.attach', vm.id, templateText({ DISK: disk }));
      await waitFor(vm.id, 'attach the disk', backToOff(vm));
    },

    async createBackup(externalId, input) {
      const vm = await existing(externalId);
      const label = backupLabel(input.name, input.idempotencyKey);
      if (input.kind === 'snapshot') {
        const found = (vm.template.SNAPSHOT ?? []).find((s) => s.NAME === label);
        if (found) return { backupId: `${vm.id}:${found.SNAPSHOT_ID}` };
        const snapshotId = await rpc('one.vm.snapshotcreate', vm.id, label);
        await waitFor(vm.id, 'take the snapshot', isSettled);
        return { backupId: `${vm.id}:${String(snapshotId)}` };
      }
      // A clone is the first disk saved as an image; the image remembers how to make a machine again.
      const existingImage = parseImagePool(String(await rpc('one.imagepool.info', -2, -1, -1))).find((i) => i.name === label);
      const [system] = disksOf(vm);
      const imageId = existingImage?.id ?? Number(await rpc('one.vm.disksaveas', vm.id, Number(system?.DISK_ID ?? 0), label, '', -1));
      await pollUntil(
        async () => {
          const image = parseImage(String(await rpc('one.image.info', imageId)));
          if (image.state === IMAGE_ERROR) throw new HypervisorError('rejected', `${provider} image ${imageId} failed`, provider);
          return image.state === IMAGE_READY || image.state === IMAGE_USED ? true : undefined;
        },
        poll,
        () => new HypervisorError('unavailable', `${provider} image ${imageId} not ready within ${poll.taskTimeoutMs} ms`, provider),
      );
      const recipe = templateText({
        MAWINGU_TEMPLATE_ID: vm.template.TEMPLATE_ID,
        MAWINGU_CPU: vm.template.CPU,
        MAWINGU_VCPU: vm.template.VCPU,
        MAWINGU_MEMORY: vm.template.MEMORY,
      });
      await rpc('one.image.update', imageId, recipe, 1);
      return { backupId: String(imageId) };
    },

    async deleteBackup(kind, backupId) {
      try {
        if (kind === 'clone') {
          await rpc('one.image.delete', Number(backupId));
          return;
        }
        const [vmPart, snapshotPart] = backupId.split(':');
        const vm = await info(vmId(vmPart ?? ''));
        if (!(vm.template.SNAPSHOT ?? []).some((s) => s.SNAPSHOT_ID === snapshotPart)) return;
        await rpc('one.vm.snapshotdelete', vm.id, Number(snapshotPart));
        await waitFor(vm.id, 'delete the snapshot', isSettled);
      } catch (err) {
        if (err instanceof HypervisorError && err.kind === 'not-found') return; // already gone
        throw err;
      }
    },

    /** Instantiates the clone's template with the clone image as its disk; like createVm, returns once accepted. */
    async restoreClone(backupId, input) {
      const found = await byKey(input.idempotencyKey);
      if (found) return { externalId: String(found.id) };
      const image = parseImage(String(await rpc('one.image.info', Number(backupId))));
      const templateId = Number(image.template.MAWINGU_TEMPLATE_ID);
      if (!image.template.MAWINGU_TEMPLATE_ID || !Number.isInteger(templateId)) {
        throw new HypervisorError('rejected', `${provider} image ${backupId} is not a clone made by the portal`, provider);
      }
      const extra = templateText({
        CPU: image.template.MAWINGU_CPU,
        VCPU: image.template.MAWINGU_VCPU,
        MEMORY: image.template.MAWINGU_MEMORY,
        [KEY]: input.idempotencyKey,
        DISK: { IMAGE_ID: String(image.id) },
      });
      return { externalId: await instantiate(templateId, input.name, extra) };
    },

    async archiveVm(externalId) {
      const vm = await existing(externalId);
      if (vm.state === ONE.UNDEPLOYED) return;
      await action('undeploy', vm.id);
      await waitFor(vm.id, 'undeploy', (v) => v.state === ONE.UNDEPLOYED);
    },

    async restoreArchive(externalId) {
      const vm = await existing(externalId);
      if (stateOf(vm) === 'running') return;
      await action('resume', vm.id);
      await waitFor(vm.id, 'resume', (v) => stateOf(v) === 'running');
    },

    /**
     * FireEdge's Sunstone page of the machine, `{fireedge}/fireedge/sunstone/instances/vms/{id}`,
     * where the signed-in operator opens its VNC console (FireEdge's console tokens need its own login).
     */
    async consoleUrl(externalId) {
      const vm = await existing(externalId);
      return `${fireEdge}/fireedge/sunstone/instances/vms/${vm.id}`;
    },

    /** one.vm.updateconf (session, id, template) replaces CONTEXT: the current one with the new login merged in. */
    async setAccess(externalId, access) {
      const vm = await existing(externalId);
      const context = { ...(vm.template.CONTEXT ?? {}), ...oneContextOf(access) };
      await rpc('one.vm.updateconf', vm.id, templateText({ CONTEXT: context }));
    },

    cloudUsers: createOneCloudUsers(rpc, { provider, portalUrl: `${fireEdge}/fireedge/sunstone`, vmId }),
  };
}
