import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, type SignedInOperator } from '../../test/operator-sign-in.ts';
import { anotherInstance, createTestApp, type TestContext } from '../../test/test-app.ts';
import { completeCompany, upsertCompany } from '../db/seed/factories.ts';
import { processRegistry } from '../observability/metrics.ts';

/**
 * The read lane (ADR 0133) over real HTTP: a visitor's repeat of a public read is answered before
 * Fastify from the reply cache — the same reply, headers and access line as Fastify's, never a reply
 * the data has moved past, never another site's, never for a request the route would refuse or
 * answer differently.
 */
const ACME = 'https://acme-lane.example';
const ZEBRA = 'https://zebra-lane.example';
const PAYFAST = 'http://127.0.0.1:4811';
const OZOW = 'http://127.0.0.1:4812';

// A built SPA: the shell and one hashed script with its .br.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-lane-spa-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Lane</title><div id="root"></div>');
const script = 'console.log("the read lane");'.repeat(20);
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js'), script);
fs.writeFileSync(path.join(webDist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(script));

let t: TestContext;
let base: string;
let acmeId: number;
let admin: SignedInOperator;
const lines: { msg: string; reqId?: string; req?: Record<string, unknown>; res?: { statusCode: number } }[] = [];

beforeAll(async () => {
  // Production, with the form-post gateways on origins of their own (the shell's form-action lists them).
  t = await createTestApp({
    NODE_ENV: 'production',
    AUTH_SECRET: 'read-lane-test-secret-0123456789abcdef',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    WEB_DIST: webDist,
    PAYFAST_MERCHANT_ID: '10023456',
    PAYFAST_MERCHANT_KEY: 'q1cd2rdny4a53',
    PAYFAST_BASE_URL: PAYFAST,
    OZOW_SITE_CODE: 'MWG-MWG-002',
    OZOW_PRIVATE_KEY: 'mawingu-ozow-private-key-7731',
    OZOW_PAY_URL: `${OZOW}/`,
    OZOW_API_URL: 'http://127.0.0.1:4813',
  });
  acmeId = (await upsertCompany(t.database.db, completeCompany('acme-lane', 'Acme Lane Cloud'), [ACME])).id;
  await upsertCompany(t.database.db, completeCompany('zebra-lane', 'Zebra Lane Hosting'), [ZEBRA]);
  admin = await signInOperator(t, 'admin', acmeId);
  // A second app on the same database, logging at info into `lines`, listening on a port.
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const served = await anotherInstance(t, logger);
  await served.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(served.server.address() as { port: number }).port}`;
  t.app.addHook('onClose', () => served.close());
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** Hits and misses of the lane so far (what an operator's Prometheus scrapes). */
async function laneLookups() {
  const metric = await processRegistry.getSingleMetric('mawingu_cache_lookups_total')!.get();
  const of = (result: string) => metric.values.find((v) => v.labels.cache === 'read-lane' && v.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
}

async function read(call: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

/** A reply's headers without those of its own request. */
const replyHeaders = (headers: Record<string, string>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

describe('the read lane', () => {
  it('answers a repeat with the reply, headers and access line Fastify gave, under a request id of its own', async () => {
    const before = await laneLookups();
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await read('getDropdownList', { customerUrl: ACME }));
    const after = await laneLookups();
    // The first teaches the lane the path, the second its reply; the last two are the lane's.
    expect(after.hit - before.hit).toBe(2);
    const [fastify, ...lane] = replies;
    expect(fastify!.status).toBe(200);
    for (const reply of lane) {
      expect(reply.status).toBe(200);
      expect(reply.text).toBe(fastify!.text);
      expect(replyHeaders(reply.headers)).toEqual(replyHeaders(fastify!.headers));
    }
    const ids = replies.map((r) => r.headers['x-request-id']);
    expect(new Set(ids).size).toBe(4);
    // One access line each, the lane's as Fastify's: same fields, its own request id.
    const access = lines.filter((l) => l.msg === 'request completed' && ids.includes(l.reqId!));
    expect(access).toHaveLength(4);
    const shape = (l: (typeof lines)[number]) => ({ ...l.req, remotePort: typeof l.req?.remotePort, status: l.res?.statusCode });
    expect(access.map(shape)).toEqual(Array(4).fill(shape(access[0]!)));
    expect(shape(access[0]!)).toMatchObject({ method: 'POST', url: '/api/getDropdownList', remoteAddress: '127.0.0.1', status: 200 });
  });

  it('answers from the current data: a console change shows on the next read', async () => {
    const titles = async () =>
      JSON.parse((await read('news/getAllNews', { websiteUrl: ACME })).text).data.map((n: { newsTitle: string }) => n.newsTitle);
    expect([await titles(), await titles(), await titles()]).toEqual([[], [], []]);
    const hits = (await laneLookups()).hit;
    // Through the listening app: on the embedded database a change is heard by the instance that made it.
    const created = await fetch(`${base}/api/admin/companies/${acmeId}/content/news`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Lane opens', content: 'Now.' }),
    });
    expect(created.status).toBe(200);
    expect(await titles()).toEqual(['Lane opens']);
    expect(await titles()).toEqual(['Lane opens']);
    expect((await laneLookups()).hit).toBe(hits + 1);
  });

  it('keeps each site to its own reply when the body is the same', async () => {
    // No URL in the body: the site is the Origin header's.
    const name = async (origin: string) =>
      JSON.parse((await read('getCompanyConfiguration', { customerUrl: '-' }, { origin })).text).data?.companyName;
    for (let i = 0; i < 3; i++) expect([await name(ACME), await name(ZEBRA)]).toEqual(['Acme Lane Cloud', 'Zebra Lane Hosting']);
  });

  it('never answers what the route refuses, nor a request it would read otherwise', async () => {
    const before = await laneLookups();
    // A body the schema refuses, a NUL, a content type Fastify does not parse: refused every time.
    for (let i = 0; i < 3; i++) {
      const empty = await read('getDropdownList', { customerUrl: '' });
      expect(empty.status).toBe(400);
      expect(JSON.parse(empty.text).data.fieldErrors.customerUrl).toBe('Website URL required');
      expect((await read('getDropdownList', { customerUrl: `${ACME}\u0000` })).status).toBe(400);
    }
    const body = JSON.stringify({ customerUrl: ACME });
    expect((await laneLookups()).hit).toBe(before.hit);
    // Answered through Fastify (the news change above dropped Acme's replies), then by the lane.
    expect((await read('getDropdownList', body)).status).toBe(200);
    expect((await read('getDropdownList', body)).status).toBe(200);
    const asXml = await fetch(`${base}/api/getDropdownList`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body });
    expect(asXml.status).toBe(415);
    // A token goes to Fastify (a signed-in customer's catalogue shows prices): an invalid one reads as a visitor's.
    const withToken = await read('getDropdownList', body, { authorization: 'not-a-token' });
    expect(withToken.status).toBe(200);
    expect((await laneLookups()).hit - before.hit).toBe(1);
  });

  it('repeats the page shell and built files in the encoding asked for, and a console change of the gateways shows in the next page', async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { headers: { origin: ACME, ...headers } });
      return { status: res.status, headers: Object.fromEntries(res.headers), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const formAction = (headers: Record<string, string>) =>
      headers['content-security-policy']!.split(';')
        .find((d) => d.startsWith('form-action '))!
        .split(' ')
        .slice(1)
        .toSorted();

    const before = await laneLookups();
    const shells = [await page('/home'), await page('/home'), await page('/home')];
    expect((await laneLookups()).hit - before.hit).toBe(2);
    for (const shell of shells) {
      expect(shell.status).toBe(200);
      expect(shell.bytes.toString()).toContain('<div id="root">');
      expect(replyHeaders(shell.headers)).toEqual(replyHeaders(shells[0]!.headers));
    }
    expect(formAction(shells[0]!.headers)).toEqual(["'self'", OZOW, PAYFAST].toSorted());

    const scripts = [
      await page('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' }),
      await page('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' }),
    ];
    for (const { headers, bytes } of scripts) {
      expect(headers['content-encoding']).toBe('br');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(bytes.toString()).toBe(script);
    }
    const plain = [await page('/assets/app-1a2b3c.js'), await page('/assets/app-1a2b3c.js')];
    for (const { headers, bytes } of plain) {
      expect(headers['content-encoding']).toBeUndefined();
      expect(bytes.toString()).toBe(script);
    }

    // Acme takes PayFast with its own account in test mode: its pages may post to PayFast's sandbox at once.
    const changed = await fetch(`${base}/api/admin/companies/${acmeId}/payment-settings`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        gateways: {
          payfast: {
            mode: 'test',
            credentials: { merchantId: '10000777', merchantKey: 'acmeMerchantKey2026', passphrase: 'Acme Pass Phrase 77' },
          },
        },
      }),
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(formAction((await page('/home')).headers)).toEqual(["'self'", 'https://sandbox.payfast.co.za', OZOW].toSorted());
  });
});
