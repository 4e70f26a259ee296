/**
 * A protocol-faithful fake of the .com registry's RDAP service (RFC 9082 paths, RFC 9083 bodies):
 * GET /domain/{name} answers 200 with a domain object for a taken name and 404 with an RDAP error
 * for a free one. Names in `slow` never answer (time-out tests); names in `broken` get a 500.
 *
 * Standalone: `node --import tsx tools/fakes/rdap.ts [port]` then DOMAIN_CHECK=rdap
 * RDAP_URL=http://127.0.0.1:PORT npm start.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRdapOptions = { taken?: string[]; slow?: string[]; broken?: string[] };
export type FakeRdap = { url: string; requests: string[]; close(): Promise<void> };

const RDAP_JSON = 'application/rdap+json';

export async function startFakeRdap(options: FakeRdapOptions = {}, port = 0): Promise<FakeRdap> {
  const taken = new Set((options.taken ?? ['example.com', 'mawingu.com']).map((d) => d.toLowerCase()));
  const slow = new Set(options.slow ?? []);
  const broken = new Set(options.broken ?? []);
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://rdap.local');
    requests.push(url.pathname);
    const match = /^\/domain\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) {
      res.writeHead(400, { 'content-type': RDAP_JSON });
      res.end(JSON.stringify({ errorCode: 400, title: 'Bad Request', rdapConformance: ['rdap_level_0'] }));
      return;
    }
    const name = decodeURIComponent(match[1]!).toLowerCase();
    if (slow.has(name)) return; // never answers
    if (broken.has(name)) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error');
      return;
    }
    if (!taken.has(name)) {
      res.writeHead(404, { 'content-type': RDAP_JSON });
      res.end(JSON.stringify({ errorCode: 404, title: 'Not Found', rdapConformance: ['rdap_level_0'] }));
      return;
    }
    res.writeHead(200, { 'content-type': RDAP_JSON });
    res.end(
      JSON.stringify({
        objectClassName: 'domain',
        ldhName: name.toUpperCase(),
        handle: `${name.length}_DOMAIN_COM-VRSN`,
        status: ['client delete prohibited', 'client transfer prohibited'],
        events: [{ eventAction: 'registration', eventDate: '1995-08-14T04:00:00Z' }],
        rdapConformance: ['rdap_level_0', 'icann_rdap_technical_implementation_guide_0'],
      }),
    );
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeRdap({}, Number(process.argv[2] ?? 0));
  console.log(`fake RDAP listening at ${fake.url} (taken: example.com, mawingu.com)`);
}
