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
 * Records and tasks: hc3-cluster.ts; the routes: hc3-routes.ts.
 *
 * Standalone: `node --import tsx tools/fakes/hc3.ts [port]` (user admin, password admin).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createHc3Cluster, type FakeHc3Snapshot, type FakeHc3Vm } from './hc3-cluster.ts';
import { routeHc3 } from './hc3-routes.ts';

export type { FakeHc3BlockDev, FakeHc3Snapshot, FakeHc3Vm } from './hc3-cluster.ts';

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

export async function startFakeHc3(options: FakeHc3Options = {}, port = 0): Promise<FakeHc3> {
  const username = options.username ?? 'admin';
  const password = options.password ?? 'admin';
  const cluster = createHc3Cluster(options.taskPolls ?? 2);
  const { vms, snapshots, controls, template, addVm } = cluster;
  const requests: FakeHc3['requests'] = [];
  let failing = { status: 0, times: 0 };
  let delaying = { ms: 0, times: 0 };

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
        const reply = routeHc3(cluster, method, path, body);
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
    failNextTask: () => void (controls.failTask = true),
    stallNextTask: () => void (controls.stallTask = true),
    failNextRequests: (status, times) => void (failing = { status, times }),
    delayNextRequests: (ms, times) => void (delaying = { ms, times }),
    setTaskPolls: (polls) => void (controls.taskPolls = polls),
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
