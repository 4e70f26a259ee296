/**
 * The OpenNebula fake's records: VMs, images, templates and users as the cloud keeps them, the
 * asynchronous transitions (a VM sits in a transitional LCM state for `transitionPolls` one.vm.info
 * calls, then lands) and the XML each record is answered as. The calls that change them are in
 * opennebula-calls.ts; the HTTP server in opennebula.ts.
 */
import type { FakeOneUser } from './opennebula-users.ts';
import { esc } from './xmlrpc-codec.ts';

export type Attrs = Record<string, string>;
type Pending = { pollsLeft: number; fail: boolean; stall: boolean; final: [number, number]; failLcm: number; apply?: () => void };

export type FakeOneVm = {
  id: number;
  name: string;
  state: number;
  lcm: number;
  template: Attrs;
  disks: Attrs[];
  snapshots: Attrs[];
  userTemplate: Attrs;
  context: Attrs;
  /** The owner's user id (0 oneadmin until one.vm.chown). */
  uid: number;
  pending?: Pending;
};
export type FakeOneImage = {
  id: number;
  name: string;
  state: number;
  size: number;
  template: Attrs;
  pending?: Omit<Pending, 'final' | 'failLcm'>;
};
export type FakeOneTemplate = { id: number; name: string; template: Attrs; disks: Attrs[]; context?: Attrs };

const cdata = (s: string) => `<![CDATA[${s}]]>`;
export const attrsXml = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => `<${k}>${cdata(v)}</${k}>`)
    .join('');

export const vmXml = (vm: FakeOneVm) =>
  `<VM><ID>${vm.id}</ID><UID>${vm.uid}</UID><GID>0</GID><UNAME>oneadmin</UNAME><GNAME>oneadmin</GNAME><NAME>${esc(vm.name)}</NAME>` +
  `<STATE>${vm.state}</STATE><LCM_STATE>${vm.lcm}</LCM_STATE><STIME>0</STIME><ETIME>0</ETIME><DEPLOY_ID>one-${vm.id}</DEPLOY_ID>` +
  `<TEMPLATE>${attrsXml(vm.template)}<CONTEXT>${attrsXml(vm.context)}</CONTEXT><NIC><NIC_ID>0</NIC_ID><IP>10.0.0.${vm.id}</IP></NIC>${vm.disks.map((d) => `<DISK>${attrsXml(d)}</DISK>`).join('')}${vm.snapshots.map((s) => `<SNAPSHOT>${attrsXml(s)}</SNAPSHOT>`).join('')}</TEMPLATE>` +
  `<USER_TEMPLATE>${attrsXml(vm.userTemplate)}</USER_TEMPLATE><HISTORY_RECORDS/></VM>`;
export const imageXml = (i: FakeOneImage) =>
  `<IMAGE><ID>${i.id}</ID><NAME>${esc(i.name)}</NAME><STATE>${i.state}</STATE><SIZE>${i.size}</SIZE><TEMPLATE>${attrsXml(i.template)}</TEMPLATE></IMAGE>`;

export const busy = (vm: FakeOneVm) => vm.pending !== undefined;
export const running = (vm: FakeOneVm) => vm.state === 3 && vm.lcm === 3 && !busy(vm);
export const off = (vm: FakeOneVm) => (vm.state === 8 || vm.state === 9) && !busy(vm);

export type OneCloud = ReturnType<typeof createOneCloud>;

/** A cloud with image 1 (Ubuntu 22.04), template 0 (ubuntu-small, with a CONTEXT) and user 0 oneadmin. */
export function createOneCloud(transitionPolls: number) {
  const vms = new Map<number, FakeOneVm>();
  const images = new Map<number, FakeOneImage>();
  const templates = new Map<number, FakeOneTemplate>();
  /** What tests set: polls before a change lands, and whether the next one fails or never lands. */
  const controls = { transitionPolls, failNext: false, stallNext: false };
  let nextVm = 10;
  let nextImage = 100;

  images.set(1, { id: 1, name: 'Ubuntu 22.04', state: 2, size: 10240, template: {} });
  templates.set(0, {
    id: 0,
    name: 'ubuntu-small',
    template: { CPU: '1', VCPU: '1', MEMORY: '1024' },
    disks: [{ IMAGE_ID: '1', DEV_PREFIX: 'vd' }],
    context: { NETWORK: 'YES', START_SCRIPT: 'echo template-script' },
  });
  const users = new Map<number, FakeOneUser>([[0, { id: 0, name: 'oneadmin', password: 'opennebula', driver: 'core', groups: [0] }]]);

  const takeFlags = () => {
    const flags = { fail: controls.failNext, stall: controls.stallNext };
    controls.failNext = false;
    controls.stallNext = false;
    return flags;
  };

  function transition(vm: FakeOneVm, via: [number, number], final: [number, number], failLcm: number, apply?: () => void) {
    [vm.state, vm.lcm] = via;
    vm.pending = { pollsLeft: controls.transitionPolls, final, failLcm, apply, ...takeFlags() };
  }

  function advance(vm: FakeOneVm) {
    const p = vm.pending;
    if (!p || p.stall) return;
    if (p.pollsLeft > 0) {
      p.pollsLeft -= 1;
      return;
    }
    vm.pending = undefined;
    if (p.fail) {
      vm.state = 3;
      vm.lcm = p.failLcm;
      return;
    }
    p.apply?.();
    [vm.state, vm.lcm] = p.final;
  }

  function makeVm(name: string, template: Attrs, disks: Attrs[], userTemplate: Attrs, context: Attrs = {}): FakeOneVm {
    const id = nextVm++;
    const vm: FakeOneVm = {
      id,
      name: name || `one-${id}`,
      state: 1,
      lcm: 0,
      template: { ...template, VMID: String(id) },
      disks: disks.map((d, i) => ({
        ...d,
        DISK_ID: String(i),
        TARGET: d.TARGET ?? `vd${'abcdefgh'[i]}`,
        SIZE: d.SIZE ?? String(images.get(Number(d.IMAGE_ID))?.size ?? 1024),
      })),
      snapshots: [],
      userTemplate,
      context,
      uid: 0,
    };
    vms.set(id, vm);
    transition(vm, [3, 1], [3, 3], 39); // PROLOG → RUNNING, or PROLOG_FAILURE
    return vm;
  }

  /** A new image's id. */
  const imageId = () => nextImage++;

  return { vms, images, templates, users, controls, takeFlags, transition, advance, makeVm, imageId };
}
