/**
 * A protocol-faithful fake of a Scale Computing HyperCore cluster's REST API v1 (reference:
 * /work/shared/reference/protocols.md §5), on a real HTTP server:
 *
 *   every call      HTTP Basic auth (401 otherwise); GET answers arrays (one element for /X/{uuid}), 404 unknown
 *   VirDomain       GET, POST (create, powered off), PATCH (name, mem, numVCPU, tags), DELETE (SHUTOFF only)
 *   VirDomain/action  POST [{virDomainUUID, actionType START|SHUTDOWN|STOP}]
 *   VirDomain/{uuid}/clone  POST {template:{name, tags, cloudInitData?}}  → createdUUID, powered off
 *   cloudInitData   {userData, metaData}, both base64 (HC-ANS), kept on the VM for tests to read
 *   VirDomainBlockDevice   POST, PATCH (grow only), DELETE;  VirDomainSnapshot GET, POST, DELETE
 *   TaskTag/{tag}   QUEUED → RUNNING … → COMPLETE after `taskPolls` polls; the change lands at COMPLETE
 *
 * For tests: failNextTask() (ERROR), stallNextTask() (RUNNING forever), failNextRequests(status, n)
 * (e.g. 500), addVm(), requests[]. Written independently of the adapter on purpose.
 *
 * Standalone: `node --import tsx tools/fakes/hc3.ts [port]` (user admin, password admin).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

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

export type FakeHc3Options = {
  username?: string;
  password?: string;
  taskPolls?: number;
  /** Serve HTTPS with this (e.g. self-signed) certificate, as real clusters do. */
  tls?: { key: string; cert: string };
};

export type FakeHc3 = {
  url: string;
  vms: Map<string, FakeHc3Vm>;
  snapshots: Map<string, FakeHc3Snapshot>;
  /** Every request received; `traceparent`: the W3C trace context it carried, if any (tracing tests). */
  requests: Array<{ method: string; path: string; body: unknown; traceparent?: string }>;
  /** The template machine every test can clone ("ubuntu-template", 2 vCPU, 2 GiB, 20 GB). */
  templateUuid: string;
  addVm(vm: Partial<FakeHc3Vm> & { name: string }): FakeHc3Vm;
  failNextTask(): void;
  stallNextTask(): void;
  failNextRequests(status: number, times: number): void;
  /** The next `times` requests answer only after `ms` (request time-out tests). */
  delayNextRequests(ms: number, times: number): void;
  setTaskPolls(polls: number): void;
  close(): Promise<void>;
};

const GIB = 1024 ** 3;
const GB = 1000 ** 3;

export async function startFakeHc3(options: FakeHc3Options = {}, port = 0): Promise<FakeHc3> {
  const username = options.username ?? 'admin';
  const password = options.password ?? 'admin';
  let taskPolls = options.taskPolls ?? 2;
  const vms = new Map<string, FakeHc3Vm>();
  const snapshots = new Map<string, FakeHc3Snapshot>();
  const tasks = new Map<string, Task>();
  const requests: FakeHc3['requests'] = [];
  let nextTag = 100;
  let failTask = false;
  let stallTask = false;
  let failing = { status: 0, times: 0 };
  let delaying = { ms: 0, times: 0 };

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

  function task(message: string, apply: () => void, createdUUID = ''): { taskTag: string; createdUUID: string } {
    const tag = String(nextTag++);
    tasks.set(tag, { tag, state: 'QUEUED', pollsLeft: taskPolls, fail: failTask, stall: stallTask, apply, message });
    failTask = false;
    stallTask = false;
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

  type Reply = { status: number; body?: unknown };
  const error = (status: number, message: string): Reply => ({ status, body: { error: message } });
  const isBase64 = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length % 4 === 0;
  const badCloudInit = (c: any) => c !== undefined && !(isBase64(c?.userData) && isBase64(c?.metaData));

  function route(method: string, path: string, body: any): Reply {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/ping') return { status: 200, body: [{ status: 'Active' }] };
    if (method === 'GET' && (m = /^\/TaskTag\/([^/]+)$/.exec(path))) return { status: 200, body: pollTask(decodeURIComponent(m[1]!)) };

    if (method === 'GET' && path === '/VirDomain') return { status: 200, body: [...vms.values()] };
    if (method === 'POST' && path === '/VirDomain') {
      const dom = body?.dom;
      if (!dom?.name || typeof dom.mem !== 'number' || typeof dom.numVCPU !== 'number')
        return error(400, 'dom.name, dom.mem and dom.numVCPU are required');
      if (badCloudInit(dom.cloudInitData)) return error(400, 'cloudInitData.userData and metaData must be base64 strings');
      const uuid = randomUUID();
      return {
        status: 200,
        body: task(
          'Create VM',
          () => {
            addVm({
              uuid,
              name: dom.name,
              mem: dom.mem,
              numVCPU: dom.numVCPU,
              tags: dom.tags ?? '',
              cloudInitData: dom.cloudInitData,
              blockDevs: (dom.blockDevs ?? []).map((d: any, slot: number) => ({
                type: d.type,
                capacity: d.capacity,
                slot,
                name: '',
                cacheMode: d.cacheMode ?? 'WRITETHROUGH',
                uuid: '',
                virDomainUUID: '',
              })),
            });
          },
          uuid,
        ),
      };
    }
    if (method === 'POST' && path === '/VirDomain/action') {
      if (!Array.isArray(body)) return error(400, 'an array of actions is required');
      for (const a of body) {
        if (!vms.has(a?.virDomainUUID)) return error(400, `unknown virDomainUUID ${a?.virDomainUUID}`);
        if (!['START', 'SHUTDOWN', 'STOP', 'REBOOT', 'RESET'].includes(a.actionType))
          return error(400, `unknown actionType ${a.actionType}`);
        if (a.actionType === 'RESET' && vms.get(a.virDomainUUID)!.state === 'SHUTOFF') return error(500, 'An internal error occurred');
      }
      return {
        status: 200,
        body: task('VM power action', () => {
          for (const a of body) {
            const vm = vms.get(a.virDomainUUID);
            if (!vm) continue;
            if (a.actionType === 'START' || a.actionType === 'REBOOT' || a.actionType === 'RESET') vm.state = 'RUNNING';
            else vm.state = 'SHUTOFF';
          }
        }),
      };
    }
    if ((m = /^\/VirDomain\/([^/]+)\/clone$/.exec(path)) && method === 'POST') {
      const source = vms.get(decodeURIComponent(m[1]!));
      if (!source) return error(404, 'VirDomain not found');
      const uuid = randomUUID();
      const t = body?.template ?? {};
      if (badCloudInit(t.cloudInitData)) return error(400, 'cloudInitData.userData and metaData must be base64 strings');
      return {
        status: 200,
        body: task(
          'Clone VM',
          () => {
            const made = addVm({
              uuid,
              name: t.name ?? `${source.name}-clone`,
              mem: source.mem,
              numVCPU: source.numVCPU,
              tags: t.tags ?? '',
              state: 'SHUTOFF',
              sourceVirDomainUUID: source.uuid,
              cloudInitData: t.cloudInitData,
            });
            made.blockDevs = copyDisks(source, uuid);
          },
          uuid,
        ),
      };
    }
    if ((m = /^\/VirDomain\/([^/]+)$/.exec(path))) {
      const vm = vms.get(decodeURIComponent(m[1]!));
      if (!vm) return method === 'GET' ? { status: 404, body: [] } : error(404, 'VirDomain not found');
      if (method === 'GET') return { status: 200, body: [vm] };
      if (method === 'PATCH') {
        if (('mem' in body || 'numVCPU' in body) && vm.state !== 'SHUTOFF')
          return error(400, 'memory and vCPU changes require the VM to be shut off');
        return {
          status: 200,
          body: task('Update VM', () => {
            for (const k of ['name', 'description', 'mem', 'numVCPU', 'tags'] as const) if (k in body) (vm as any)[k] = body[k];
          }),
        };
      }
      if (method === 'DELETE') {
        if (vm.state !== 'SHUTOFF') return error(400, 'VM must be shut off to be deleted');
        return { status: 200, body: task('Delete VM', () => vms.delete(vm.uuid)) };
      }
    }

    if (method === 'POST' && path === '/VirDomainBlockDevice') {
      const vm = vms.get(body?.virDomainUUID);
      if (!vm) return error(400, 'unknown virDomainUUID');
      if (typeof body.capacity !== 'number' || !body.type) return error(400, 'type and capacity are required');
      const uuid = randomUUID();
      return {
        status: 200,
        body: task(
          'Create block device',
          () =>
            vm.blockDevs.push({
              uuid,
              virDomainUUID: vm.uuid,
              type: body.type,
              capacity: body.capacity,
              slot: vm.blockDevs.length,
              name: body.name ?? '',
              cacheMode: body.cacheMode ?? 'WRITETHROUGH',
            }),
          uuid,
        ),
      };
    }
    if ((m = /^\/VirDomainBlockDevice\/([^/]+)$/.exec(path))) {
      const uuid = decodeURIComponent(m[1]!);
      const vm = [...vms.values()].find((v) => v.blockDevs.some((d) => d.uuid === uuid));
      const disk = vm?.blockDevs.find((d) => d.uuid === uuid);
      if (!vm || !disk) return method === 'GET' ? { status: 404, body: [] } : error(404, 'VirDomainBlockDevice not found');
      if (method === 'GET') return { status: 200, body: [disk] };
      if (method === 'PATCH') {
        if (typeof body?.capacity === 'number' && body.capacity < disk.capacity) return error(400, 'capacity cannot shrink');
        return { status: 200, body: task('Update block device', () => Object.assign(disk, { capacity: body.capacity ?? disk.capacity })) };
      }
      if (method === 'DELETE')
        return { status: 200, body: task('Delete block device', () => (vm.blockDevs = vm.blockDevs.filter((d) => d !== disk))) };
    }

    if (method === 'GET' && path === '/VirDomainSnapshot') return { status: 200, body: [...snapshots.values()] };
    if (method === 'POST' && path === '/VirDomainSnapshot') {
      if (!vms.has(body?.domainUUID)) return error(400, 'unknown domainUUID');
      const uuid = randomUUID();
      return {
        status: 200,
        body: task(
          'Snapshot VM',
          () =>
            snapshots.set(uuid, {
              uuid,
              domainUUID: body.domainUUID,
              label: body.label ?? '',
              type: body.type ?? 'USER',
              timestamp: Math.floor(Date.now() / 1000),
            }),
          uuid,
        ),
      };
    }
    if ((m = /^\/VirDomainSnapshot\/([^/]+)$/.exec(path))) {
      const snapshot = snapshots.get(decodeURIComponent(m[1]!));
      if (!snapshot) return method === 'GET' ? { status: 404, body: [] } : error(404, 'VirDomainSnapshot not found');
      if (method === 'GET') return { status: 200, body: [snapshot] };
      if (method === 'DELETE') return { status: 200, body: task('Delete snapshot', () => snapshots.delete(snapshot.uuid)) };
    }
    return error(404, `no route ${method} ${path}`);
  }

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    const delay = delaying.times > 0 ? (delaying.times--, delaying.ms) : 0;
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        const url = new URL(req.url ?? '/', 'http://hc3.local');
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(body === undefined ? '' : JSON.stringify(body));
        };
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          return send(400, { error: 'malformed JSON' });
        }
        const method = req.method ?? 'GET';
        if (!url.pathname.startsWith('/rest/v1/')) return send(404, { error: 'not found' });
        const path = url.pathname.slice('/rest/v1'.length);
        const traceparent = req.headers.traceparent;
        requests.push({ method, path, body, ...(typeof traceparent === 'string' ? { traceparent } : {}) });
        const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { error: 'Unauthorized' });
        if (failing.times > 0) {
          failing.times -= 1;
          return send(failing.status, { error: 'An internal error occurred' });
        }
        const reply = route(method, path, body);
        send(reply.status, reply.body);
      }, delay),
    );
  };
  const server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${bound}`,
    vms,
    snapshots,
    requests,
    templateUuid: template.uuid,
    addVm,
    failNextTask: () => void (failTask = true),
    stallNextTask: () => void (stallTask = true),
    failNextRequests: (status, times) => void (failing = { status, times }),
    delayNextRequests: (ms, times) => void (delaying = { ms, times }),
    setTaskPolls: (polls) => void (taskPolls = polls),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeHc3({}, Number(process.argv[2] ?? 0));
  console.log(`fake HC3 on ${fake.url}/rest/v1 (admin/admin)`);
}
