/**
 * The HC3 fake's REST API v1 routes (paths after /rest/v1): each answers a status and a JSON body;
 * every change is a task (hc3-cluster.ts) answered as {taskTag, createdUUID}.
 */
import { randomUUID } from 'node:crypto';
import type { Hc3Cluster } from './hc3-cluster.ts';

export type Reply = { status: number; body?: unknown };
const error = (status: number, message: string): Reply => ({ status, body: { error: message } });
const isBase64 = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(v) && v.length % 4 === 0;
const badCloudInit = (c: any) => c !== undefined && !(isBase64(c?.userData) && isBase64(c?.metaData));

/** The answer to an authenticated request. */
export function routeHc3(cluster: Hc3Cluster, method: string, path: string, body: any): Reply {
  const { vms, snapshots, addVm, task, pollTask, copyDisks } = cluster;
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
      if (!['START', 'SHUTDOWN', 'STOP', 'REBOOT', 'RESET'].includes(a.actionType)) return error(400, `unknown actionType ${a.actionType}`);
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
