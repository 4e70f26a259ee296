/**
 * A protocol-faithful fake of OpenNebula's XML-RPC API (reference: /work/shared/reference/protocols.md
 * §6; NodeWeaver exposes the same), on a real HTTP server at POST /RPC2:
 *
 *   every call     first parameter the session "user:password", else [false, msg, 0x0100]
 *   answers        [true, result, 0] or [false, message, code] (0x0400 no such object, 0x0800 wrong
 *                  state, 0x1000 bad parameters, 0x4000 allocate); wrong parameter types → XML-RPC fault
 *   methods        one.vmpool.info, one.vm.info, one.template.info, one.template.instantiate,
 *                  one.vm.action (name BEFORE id: poweroff[-hard], resume, undeploy[-hard], terminate[-hard]),
 *                  one.vm.resize, one.vm.diskresize, one.vm.attach, one.vm.snapshotcreate/-delete,
 *                  one.vm.disksaveas, one.image.info/update/delete, one.imagepool.info,
 *                  one.vm.updateconf (CONTEXT), one.vm.chown, and the users' calls (opennebula-users.ts)
 *   context        the CONTEXT vector a VM was instantiated with is kept on `vm.context` (tests
 *                  assert the login it carried); every VM has one NIC with IP 10.0.0.<id>
 *   async          actions return at once; the VM sits in a transitional LCM state for `transitionPolls`
 *                  one.vm.info calls, then lands (images: LOCKED → READY on one.image.info)
 *
 * For tests: failNextTransition() (ends in a *_FAILURE LCM state / image ERROR), stallNextTransition()
 * (never lands), failNextCalls(code, n), httpErrorNext(status, n), calls[]. Written independently of
 * the adapter on purpose (its own XML reading and writing).
 *
 * Standalone: `node --import tsx tools/fakes/opennebula.ts [port]` (session oneadmin:opennebula).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleUserCall, type FakeOneUser } from './opennebula-users.ts';
import { decodeCall, esc, fault, parseTemplate, response, type Value } from './xmlrpc-codec.ts';

type Attrs = Record<string, string>;
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

export type FakeOpenNebula = {
  url: string;
  vms: Map<number, FakeOneVm>;
  images: Map<number, FakeOneImage>;
  templates: Map<number, FakeOneTemplate>;
  users: Map<number, FakeOneUser>;
  calls: Array<{ method: string; params: Value[] }>;
  failNextTransition(): void;
  stallNextTransition(): void;
  failNextCalls(code: number, times: number, message?: string): void;
  httpErrorNext(status: number, times: number): void;
  /** The next `times` calls answer only after `ms` (request time-out tests). */
  delayNextCalls(ms: number, times: number): void;
  setTransitionPolls(polls: number): void;
  close(): Promise<void>;
};

const ERR = { AUTHENTICATION: 0x0100, NO_EXISTS: 0x0400, ACTION: 0x0800, XML_RPC_API: 0x1000, ALLOCATE: 0x4000 } as const;

const cdata = (s: string) => `<![CDATA[${s}]]>`;
const attrsXml = (a: Attrs) =>
  Object.entries(a)
    .map(([k, v]) => `<${k}>${cdata(v)}</${k}>`)
    .join('');

export async function startFakeOpenNebula(
  options: { username?: string; password?: string; transitionPolls?: number } = {},
  port = 0,
): Promise<FakeOpenNebula> {
  const session = `${options.username ?? 'oneadmin'}:${options.password ?? 'opennebula'}`;
  let transitionPolls = options.transitionPolls ?? 2;
  const vms = new Map<number, FakeOneVm>();
  const images = new Map<number, FakeOneImage>();
  const templates = new Map<number, FakeOneTemplate>();
  const calls: FakeOpenNebula['calls'] = [];
  let nextVm = 10;
  let nextImage = 100;
  let failNext = false;
  let stallNext = false;
  let failingCalls = { code: 0, times: 0, message: '' };
  let httpErrors = { status: 0, times: 0 };
  let delaying = { ms: 0, times: 0 };

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
    const flags = { fail: failNext, stall: stallNext };
    failNext = false;
    stallNext = false;
    return flags;
  };

  function transition(vm: FakeOneVm, via: [number, number], final: [number, number], failLcm: number, apply?: () => void) {
    [vm.state, vm.lcm] = via;
    vm.pending = { pollsLeft: transitionPolls, final, failLcm, apply, ...takeFlags() };
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

  const vmXml = (vm: FakeOneVm) =>
    `<VM><ID>${vm.id}</ID><UID>${vm.uid}</UID><GID>0</GID><UNAME>oneadmin</UNAME><GNAME>oneadmin</GNAME><NAME>${esc(vm.name)}</NAME>` +
    `<STATE>${vm.state}</STATE><LCM_STATE>${vm.lcm}</LCM_STATE><STIME>0</STIME><ETIME>0</ETIME><DEPLOY_ID>one-${vm.id}</DEPLOY_ID>` +
    `<TEMPLATE>${attrsXml(vm.template)}<CONTEXT>${attrsXml(vm.context)}</CONTEXT><NIC><NIC_ID>0</NIC_ID><IP>10.0.0.${vm.id}</IP></NIC>${vm.disks.map((d) => `<DISK>${attrsXml(d)}</DISK>`).join('')}${vm.snapshots.map((s) => `<SNAPSHOT>${attrsXml(s)}</SNAPSHOT>`).join('')}</TEMPLATE>` +
    `<USER_TEMPLATE>${attrsXml(vm.userTemplate)}</USER_TEMPLATE><HISTORY_RECORDS/></VM>`;
  const imageXml = (i: FakeOneImage) =>
    `<IMAGE><ID>${i.id}</ID><NAME>${esc(i.name)}</NAME><STATE>${i.state}</STATE><SIZE>${i.size}</SIZE><TEMPLATE>${attrsXml(i.template)}</TEMPLATE></IMAGE>`;

  type Answer = Value | { fault: string };
  const ok = (v: Value): Answer => [true, v, 0];
  const no = (method: string, code: number, message: string): Answer => [false, `[${method}] ${message}`, code, -1];

  const busy = (vm: FakeOneVm) => vm.pending !== undefined;
  const running = (vm: FakeOneVm) => vm.state === 3 && vm.lcm === 3 && !busy(vm);
  const off = (vm: FakeOneVm) => (vm.state === 8 || vm.state === 9) && !busy(vm);

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

  function handle(method: string, p: Value[]): Answer {
    if (p[0] !== session) return no(method, ERR.AUTHENTICATION, "User couldn't be authenticated, aborting call.");
    if (failingCalls.times > 0) {
      failingCalls.times -= 1;
      return no(method, failingCalls.code, failingCalls.message);
    }
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
        const id = nextImage++;
        images.set(id, {
          id,
          name,
          state: 4,
          size: Number(disk.SIZE),
          template: {},
          pending: { pollsLeft: transitionPolls, ...takeFlags() },
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

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const delay = delaying.times > 0 ? (delaying.times--, delaying.ms) : 0;
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        if (req.method !== 'POST' || req.url !== '/RPC2') {
          res.writeHead(404).end();
          return;
        }
        if (httpErrors.times > 0) {
          httpErrors.times -= 1;
          res.writeHead(httpErrors.status, { 'content-type': 'text/plain' }).end('error');
          return;
        }
        let call: { method: string; params: Value[] };
        try {
          call = decodeCall(Buffer.concat(chunks).toString('utf8'));
        } catch {
          res.writeHead(200, { 'content-type': 'text/xml' }).end(fault(-32700, 'parse error'));
          return;
        }
        calls.push(call);
        const answer = handle(call.method, call.params);
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(!Array.isArray(answer) && typeof answer === 'object' ? fault(-501, answer.fault) : response(answer as Value));
      }, delay),
    );
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/RPC2`,
    vms,
    images,
    templates,
    users,
    calls,
    failNextTransition: () => void (failNext = true),
    stallNextTransition: () => void (stallNext = true),
    failNextCalls: (code, times, message = 'Internal error') => void (failingCalls = { code, times, message }),
    httpErrorNext: (status, times) => void (httpErrors = { status, times }),
    delayNextCalls: (ms, times) => void (delaying = { ms, times }),
    setTransitionPolls: (polls) => void (transitionPolls = polls),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenNebula({}, Number(process.argv[2] ?? 0));
  console.log(`fake OpenNebula XML-RPC on ${fake.url} (session oneadmin:opennebula)`);
}
