/**
 * A protocol-faithful fake of the Cisco Meraki Dashboard API v1 port forwarding endpoints
 * (reference: /work/shared/reference/protocols.md §7), on a real HTTP server:
 *
 *   GET /api/v1/networks/{networkId}/appliance/firewall/portForwardingRules → {"rules": [...]}
 *   PUT the same path {"rules": [...]} replaces the whole list (validated like Meraki: lanIp, protocol
 *   tcp|udp, publicPort/localPort "80" or "8100-8101", uplink internet1|internet2|both, allowedIps;
 *   a public port taken twice is refused) → 400 {"errors": [...]}
 *   Authorization: Bearer <key> (401 otherwise); an unknown network → 404
 *
 * For tests: rateLimit(times, retryAfterSeconds?) answers 429 {"errors": ["API rate limit exceeded
 * for organization"]} (with Retry-After when given); failNext(status, times); requests[] with times.
 *
 * Standalone: `node --import tsx tools/fakes/meraki.ts [port]` (key fake-meraki-key, network N_1).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMerakiRule = Record<string, unknown>;
export type FakeMeraki = {
  url: string;
  rules: Map<string, FakeMerakiRule[]>;
  requests: Array<{ method: string; path: string; at: number; status: number }>;
  rateLimit(times: number, retryAfterSeconds?: number): void;
  failNext(status: number, times: number): void;
  /** The next `times` requests answer only after `ms` (request time-out tests). */
  delayNext(ms: number, times: number): void;
  close(): Promise<void>;
};

const PORT = /^\d{1,5}(-\d{1,5})?$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function problems(rules: unknown): string[] {
  if (!Array.isArray(rules)) return ["'rules' must be an array"];
  const errors: string[] = [];
  const taken: Array<[string, number, number]> = [];
  rules.forEach((r: any, i) => {
    const at = `rules[${i}]`;
    if (typeof r?.lanIp !== 'string' || !IPV4.test(r.lanIp)) errors.push(`${at}: 'lanIp' must be an IPv4 address`);
    if (!['tcp', 'udp'].includes(r?.protocol)) errors.push(`${at}: 'protocol' must be one of: 'tcp' or 'udp'`);
    if (!['internet1', 'internet2', 'both'].includes(r?.uplink))
      errors.push(`${at}: 'uplink' must be one of: 'internet1', 'internet2' or 'both'`);
    for (const field of ['publicPort', 'localPort'])
      if (typeof r?.[field] !== 'string' || !PORT.test(r[field])) errors.push(`${at}: '${field}' must be a port or a port range`);
    if (r?.allowedIps !== undefined && !Array.isArray(r.allowedIps)) errors.push(`${at}: 'allowedIps' must be an array`);
    if (typeof r?.publicPort === 'string' && PORT.test(r.publicPort)) {
      const [from, to] = r.publicPort.split('-').map(Number);
      const clash = taken.find(([p, f, t]) => p === r.protocol && f <= (to ?? from) && from <= t);
      if (clash) errors.push(`${at}: public port ${r.publicPort}/${r.protocol} is already forwarded`);
      taken.push([r.protocol, from, to ?? from]);
    }
  });
  return errors;
}

export async function startFakeMeraki(
  options: { apiKey?: string; networks?: Record<string, FakeMerakiRule[]> } = {},
  port = 0,
): Promise<FakeMeraki> {
  const apiKey = options.apiKey ?? 'fake-meraki-key';
  const rules = new Map(Object.entries(options.networks ?? { N_1: [] }));
  const requests: FakeMeraki['requests'] = [];
  let limited = { times: 0, retryAfter: undefined as number | undefined };
  let failing = { status: 0, times: 0 };
  let delaying = { ms: 0, times: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    const delay = delaying.times > 0 ? (delaying.times--, delaying.ms) : 0;
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(() => {
        const url = new URL(req.url ?? '/', 'http://meraki.local');
        const method = req.method ?? 'GET';
        const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          requests.push({ method, path: url.pathname, at: Date.now(), status });
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { errors: ['Invalid API key'] });
        if (limited.times > 0) {
          limited.times -= 1;
          return send(
            429,
            { errors: ['API rate limit exceeded for organization'] },
            limited.retryAfter === undefined ? {} : { 'retry-after': String(limited.retryAfter) },
          );
        }
        if (failing.times > 0) {
          failing.times -= 1;
          return send(failing.status, { errors: ['Something went wrong'] });
        }
        const match = /^\/api\/v1\/networks\/([^/]+)\/appliance\/firewall\/portForwardingRules$/.exec(url.pathname);
        const networkId = match ? decodeURIComponent(match[1]!) : undefined;
        if (!networkId || !rules.has(networkId)) return send(404, { errors: ['Not found'] });
        if (method === 'GET') return send(200, { rules: rules.get(networkId) });
        if (method === 'PUT') {
          let body: any;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return send(400, { errors: ['Malformed JSON'] });
          }
          const errors = problems(body?.rules);
          if (errors.length > 0) return send(400, { errors });
          rules.set(networkId, body.rules);
          return send(200, { rules: body.rules });
        }
        return send(405, { errors: ['Method not allowed'] });
      }, delay),
    );
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/api/v1`,
    rules,
    requests,
    rateLimit: (times, retryAfterSeconds) => void (limited = { times, retryAfter: retryAfterSeconds }),
    failNext: (status, times) => void (failing = { status, times }),
    delayNext: (ms, times) => void (delaying = { ms, times }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeMeraki({}, Number(process.argv[2] ?? 0));
  console.log(`fake Meraki on ${fake.url} (key fake-meraki-key, network N_1)`);
}
