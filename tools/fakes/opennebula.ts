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
 * Records and transitions: opennebula-cloud.ts; the methods: opennebula-calls.ts.
 *
 * Standalone: `node --import tsx tools/fakes/opennebula.ts [port]` (session oneadmin:opennebula).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERR, handleOneCall, no, type Answer } from './opennebula-calls.ts';
import { createOneCloud, type FakeOneImage, type FakeOneTemplate, type FakeOneVm } from './opennebula-cloud.ts';
import type { FakeOneUser } from './opennebula-users.ts';
import { decodeCall, fault, response, type Value } from './xmlrpc-codec.ts';

export type { FakeOneImage, FakeOneTemplate, FakeOneVm } from './opennebula-cloud.ts';

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

export async function startFakeOpenNebula(
  options: { username?: string; password?: string; transitionPolls?: number } = {},
  port = 0,
): Promise<FakeOpenNebula> {
  const session = `${options.username ?? 'oneadmin'}:${options.password ?? 'opennebula'}`;
  const cloud = createOneCloud(options.transitionPolls ?? 2);
  const { vms, images, templates, users, controls } = cloud;
  const calls: FakeOpenNebula['calls'] = [];
  let failingCalls = { code: 0, times: 0, message: '' };
  let httpErrors = { status: 0, times: 0 };
  let delaying = { ms: 0, times: 0 };

  function handle(method: string, p: Value[]): Answer {
    if (p[0] !== session) return no(method, ERR.AUTHENTICATION, "User couldn't be authenticated, aborting call.");
    if (failingCalls.times > 0) {
      failingCalls.times -= 1;
      return no(method, failingCalls.code, failingCalls.message);
    }
    return handleOneCall(cloud, method, p);
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
    failNextTransition: () => void (controls.failNext = true),
    stallNextTransition: () => void (controls.stallNext = true),
    failNextCalls: (code, times, message = 'Internal error') => void (failingCalls = { code, times, message }),
    httpErrorNext: (status, times) => void (httpErrors = { status, times }),
    delayNextCalls: (ms, times) => void (delaying = { ms, times }),
    setTransitionPolls: (polls) => void (controls.transitionPolls = polls),
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
