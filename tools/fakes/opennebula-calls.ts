/**
 * The OpenNebula fake's XML-RPC methods (ONE-API), each answering [true, result, 0] or
 * [false, message, code], or an XML-RPC fault for wrong parameter types. The records they read and
 * change are in opennebula-cloud.ts; the users' calls in opennebula-users.ts.
 */
import { attrsXml, busy, imageXml, off, running, vmXml, type Attrs, type OneCloud } from './opennebula-cloud.ts';
import { handleUserCall } from './opennebula-users.ts';
import { esc, parseTemplate, type Value } from './xmlrpc-codec.ts';

export const ERR = { AUTHENTICATION: 0x0100, NO_EXISTS: 0x0400, ACTION: 0x0800, XML_RPC_API: 0x1000, ALLOCATE: 0x4000 } as const;

export type Answer = Value | { fault: string };
const ok = (v: Value): Answer => [true, v, 0];
export const no = (method: string, code: number, message: string): Answer => [false, `[${method}] ${message}`, code, -1];

/** The answer to an authenticated call `method` with parameters `p` (p[0] is the session). */
export function handleOneCall(cloud: OneCloud, method: string, p: Value[]): Answer {
  const { vms, images, templates, users, controls, takeFlags, transition, advance, makeVm } = cloud;
  const int = (i: number) => (typeof p[i] === 'number' ? (p[i] as number) : NaN);
  const str = (i: number) => (typeof p[i] === 'string' ? (p[i] as string) : undefined);
  const vmAt = (i: number) => vms.get(int(i));

  switch (method) {
    case 'one.vmpool.info': {
      const list = [...vms.values()].filter((vm) => vm.state !== 6);
      return ok(`<VM_POOL>${list.map(vmXml).join('')}</VM_POOL>`);
    }
    case 'one.vm.info': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      advance(vm);
      return ok(vmXml(vm));
    }
    case 'one.template.info': {
      const t = templates.get(int(1));
      if (!t) return no(method, ERR.NO_EXISTS, `Error getting template [${p[1]}].`);
      return ok(
        `<VMTEMPLATE><ID>${t.id}</ID><NAME>${esc(t.name)}</NAME><TEMPLATE>${attrsXml(t.template)}${t.context ? `<CONTEXT>${attrsXml(t.context)}</CONTEXT>` : ''}${t.disks.map((d) => `<DISK>${attrsXml(d)}</DISK>`).join('')}</TEMPLATE></VMTEMPLATE>`,
      );
    }
    case 'one.template.instantiate': {
      if (typeof p[1] !== 'number' || typeof p[2] !== 'string' || typeof p[3] !== 'boolean' || typeof p[4] !== 'string')
        return { fault: 'type mismatch' };
      const t = templates.get(int(1));
      if (!t) return no(method, ERR.NO_EXISTS, `Error getting template [${p[1]}].`);
      const extra = parseTemplate(str(4) ?? '');
      const template: Attrs = { ...t.template, TEMPLATE_ID: String(t.id) };
      const userTemplate: Attrs = {};
      const extraDisks = extra.filter(([k]) => k === 'DISK').map(([, v]) => v as Attrs);
      // A vector in the extra template replaces the template's (OpenNebula's merge rule).
      const context = (extra.find(([k]) => k === 'CONTEXT')?.[1] as Attrs | undefined) ?? t.context ?? {};
      for (const [k, v] of extra) {
        if (k === 'DISK' || typeof v !== 'string') continue;
        if (['CPU', 'VCPU', 'MEMORY'].includes(k)) template[k] = v;
        else userTemplate[k] = v;
      }
      const disks = extraDisks.length > 0 ? extraDisks : t.disks;
      for (const d of disks) {
        const image = images.get(Number(d.IMAGE_ID));
        if (d.IMAGE_ID !== undefined && !image)
          return no(method, ERR.ALLOCATE, `Error allocating a new virtual machine. Image ${d.IMAGE_ID} does not exist.`);
        if (image && d.SIZE !== undefined && Number(d.SIZE) < image.size)
          return no(method, ERR.ALLOCATE, 'Error allocating a new virtual machine. DISK SIZE smaller than the image.');
      }
      return ok(makeVm(str(2) ?? '', template, disks, userTemplate, context).id);
    }
    case 'one.vm.action': {
      if (typeof p[1] !== 'string' || typeof p[2] !== 'number')
        return { fault: 'one.vm.action takes (session, string action, int id): type mismatch' };
      const action = p[1];
      const vm = vmAt(2);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[2]}].`);
      const refuse = () =>
        no(method, ERR.ACTION, `Error performing action "${action}": This action is not available for state ${vm.state}/${vm.lcm}`);
      if (busy(vm)) return refuse();
      switch (action) {
        case 'poweroff':
        case 'poweroff-hard':
          if (!running(vm)) return refuse();
          transition(vm, [3, 18], [8, 0], 40);
          return ok(vm.id);
        case 'resume':
          if (![8, 9, 4, 5].includes(vm.state)) return refuse();
          transition(vm, [3, vm.state === 9 ? 31 : 20], [3, 3], 36);
          return ok(vm.id);
        case 'undeploy':
        case 'undeploy-hard':
          if (!running(vm) && vm.state !== 8) return refuse();
          transition(vm, [3, 29], [9, 0], 42);
          return ok(vm.id);
        case 'terminate':
        case 'terminate-hard':
          if (vm.state === 6) return refuse();
          transition(vm, [3, 11], [6, 0], 40);
          return ok(vm.id);
        default:
          return no(method, ERR.XML_RPC_API, `Wrong action: ${action}`);
      }
    }
    case 'one.vm.resize': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      if (!off(vm)) return no(method, ERR.ACTION, 'Resize is only available for POWEROFF or UNDEPLOYED VMs');
      for (const [k, v] of parseTemplate(str(2) ?? ''))
        if (['CPU', 'VCPU', 'MEMORY'].includes(k) && typeof v === 'string' && Number(v) > 0) vm.template[k] = v;
      return ok(vm.id);
    }
    case 'one.vm.diskresize': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      const disk = vm.disks.find((d) => d.DISK_ID === String(p[2]));
      if (!disk) return no(method, ERR.ACTION, `VM disk does not exist: ${p[2]}`);
      if (typeof p[3] !== 'string') return { fault: 'type mismatch' };
      if (!off(vm) && !running(vm)) return no(method, ERR.ACTION, 'Could not resize disk in this state');
      if (Number(p[3]) <= Number(disk.SIZE)) return no(method, ERR.XML_RPC_API, 'New disk size has to be greater than current one');
      const size = p[3];
      const back: [number, number] = [vm.state, vm.lcm];
      transition(vm, [3, vm.state === 8 ? 63 : vm.state === 9 ? 64 : 62], back, 40, () => (disk.SIZE = size));
      return ok(vm.id);
    }
    case 'one.vm.attach': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      if (vm.state !== 8 && !running(vm)) return no(method, ERR.ACTION, 'Could not attach a new disk to VM in this state');
      const disk = parseTemplate(str(2) ?? '').find(([k]) => k === 'DISK')?.[1];
      if (!disk || typeof disk === 'string') return no(method, ERR.XML_RPC_API, 'No DISK in the template');
      const back: [number, number] = [vm.state, vm.lcm];
      transition(vm, [3, vm.state === 8 ? 33 : 17], back, 40, () => vm.disks.push({ ...disk, DISK_ID: String(vm.disks.length) }));
      return ok(vm.id);
    }
    case 'one.vm.snapshotcreate': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      if (!running(vm)) return no(method, ERR.ACTION, 'Snapshots are only available for RUNNING VMs');
      const snapshotId = vm.snapshots.length === 0 ? 0 : Math.max(...vm.snapshots.map((s) => Number(s.SNAPSHOT_ID))) + 1;
      transition(vm, [3, 24], [3, 3], 40, () =>
        vm.snapshots.push({ SNAPSHOT_ID: String(snapshotId), NAME: str(2) ?? '', TIME: String(Math.floor(Date.now() / 1000)) }),
      );
      return ok(snapshotId);
    }
    case 'one.vm.snapshotdelete': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      if (!running(vm)) return no(method, ERR.ACTION, 'Snapshots are only available for RUNNING VMs');
      if (!vm.snapshots.some((s) => s.SNAPSHOT_ID === String(p[2]))) return no(method, ERR.ACTION, `Snapshot ${p[2]} does not exist`);
      transition(vm, [3, 24], [3, 3], 40, () => (vm.snapshots = vm.snapshots.filter((s) => s.SNAPSHOT_ID !== String(p[2]))));
      return ok(vm.id);
    }
    case 'one.vm.disksaveas': {
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      const disk = vm.disks.find((d) => d.DISK_ID === String(p[2]));
      if (!disk) return no(method, ERR.ACTION, `VM disk does not exist: ${p[2]}`);
      if (!running(vm) && vm.state !== 8) return no(method, ERR.ACTION, 'Could not save the disk in this state');
      const name = str(3) ?? '';
      if ([...images.values()].some((i) => i.name === name))
        return no(method, ERR.ALLOCATE, `Error allocating a new image. NAME is already taken by IMAGE ${name}.`);
      const id = cloud.imageId();
      images.set(id, {
        id,
        name,
        state: 4,
        size: Number(disk.SIZE),
        template: {},
        pending: { pollsLeft: controls.transitionPolls, ...takeFlags() },
      });
      return ok(id);
    }
    case 'one.image.info': {
      const image = images.get(int(1));
      if (!image) return no(method, ERR.NO_EXISTS, `Error getting image [${p[1]}].`);
      const pending = image.pending;
      if (pending && !pending.stall) {
        if (pending.pollsLeft > 0) pending.pollsLeft -= 1;
        else {
          image.state = pending.fail ? 5 : 1;
          image.pending = undefined;
        }
      }
      return ok(imageXml(image));
    }
    case 'one.imagepool.info':
      return ok(`<IMAGE_POOL>${[...images.values()].map(imageXml).join('')}</IMAGE_POOL>`);
    case 'one.image.update': {
      const image = images.get(int(1));
      if (!image) return no(method, ERR.NO_EXISTS, `Error getting image [${p[1]}].`);
      const values = Object.fromEntries(parseTemplate(str(2) ?? '').filter(([, v]) => typeof v === 'string')) as Attrs;
      image.template = p[3] === 1 ? { ...image.template, ...values } : values;
      return ok(image.id);
    }
    case 'one.image.delete': {
      if (!images.delete(int(1))) return no(method, ERR.NO_EXISTS, `Error getting image [${p[1]}].`);
      return ok(int(1));
    }
    case 'one.vm.updateconf': {
      if (typeof p[1] !== 'number' || typeof p[2] !== 'string')
        return { fault: 'one.vm.updateconf takes (session, int id, string template)' };
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      const context = parseTemplate(p[2]).find(([k]) => k === 'CONTEXT')?.[1];
      if (context && typeof context !== 'string') vm.context = context;
      return ok(vm.id);
    }
    case 'one.vm.chown': {
      if (typeof p[1] !== 'number' || typeof p[2] !== 'number' || typeof p[3] !== 'number')
        return { fault: 'one.vm.chown takes (session, int, int, int)' };
      const vm = vmAt(1);
      if (!vm) return no(method, ERR.NO_EXISTS, `Error getting virtual machine [${p[1]}].`);
      if (p[2] !== -1 && !users.has(p[2])) return no(method, ERR.NO_EXISTS, `Error getting user [${p[2]}].`);
      if (p[2] !== -1) vm.uid = p[2];
      return ok(vm.id);
    }
    default:
      return handleUserCall(users, method, p) ?? { fault: `unknown method ${method}` };
  }
}
