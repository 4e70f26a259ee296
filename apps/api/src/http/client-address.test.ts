import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, createTestApp, post, type TestContext } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';

/**
 * Whose address is the client's: the socket's unless TRUST_PROXY names the proxy in front. The
 * per-address limit on logins (10 a minute) shows which address the server believed.
 */
const LOGIN_LIMIT = 10;
let n = 0;
const attempt = (t: TestContext, socket: string, forwardedFor: string) =>
  post(
    t.app,
    'login',
    { emailID: `someone${++n}@example.co.za`, password: 'Guess@1234', websiteUrl: 'https://nobody.example' },
    { 'x-forwarded-for': forwardedFor },
    socket,
  );

/** Statuses of LOGIN_LIMIT + 1 attempts from one socket, each with its own forwarded address unless `fixed`. */
async function statuses(t: TestContext, socket: string, forwardedFor: (i: number) => string) {
  const seen: number[] = [];
  for (let i = 0; i <= LOGIN_LIMIT; i += 1) seen.push((await attempt(t, socket, forwardedFor(i))).http);
  return seen;
}
const limitedAtTheEleventh = (seen: number[]) => expect(seen.map((s) => s === 429)).toEqual([...Array(LOGIN_LIMIT).fill(false), true]);
const neverLimited = (seen: number[]) => expect(seen).not.toContain(429);

describe('TRUST_PROXY unset: nobody is believed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs the socket address, not the one a client wrote', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await anotherInstance(t, logger);
    await app.inject({
      method: 'GET',
      url: '/api/no-such-call',
      headers: { 'x-forwarded-for': '203.0.113.99' },
      remoteAddress: '192.0.2.12',
    });
    await app.close();
    const access = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request completed');
    expect(access?.req.remoteAddress).toBe('192.0.2.12');
    expect(access?.res.statusCode).toBe(404);
    expect(lines.join('')).not.toContain('203.0.113.99');
  });

  it('counts a rotating X-Forwarded-For against the socket address', async () => {
    limitedAtTheEleventh(await statuses(t, '192.0.2.10', (i) => `203.0.113.${i + 1}`));
    // Another client is not affected.
    expect((await attempt(t, '192.0.2.11', '203.0.113.1')).http).not.toBe(429);
  });
});

describe('TRUST_PROXY=127.0.0.1: the proxy on this host names the client', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts each forwarded client on its own when the request comes through the proxy', async () => {
    neverLimited(await statuses(t, '127.0.0.1', (i) => `203.0.113.${i + 1}`));
    limitedAtTheEleventh(await statuses(t, '127.0.0.1', () => '198.51.100.77'));
  });

  it('ignores the header from anyone else', async () => {
    limitedAtTheEleventh(await statuses(t, '192.0.2.20', (i) => `203.0.113.${i + 100}`));
  });
});

describe('TRUST_PROXY=1: one hop (a load balancer the clients cannot go around)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('believes only the address the nearest proxy added, not what the client wrote before it', async () => {
    // The client forges the first entry; the balancer appends the address it saw.
    limitedAtTheEleventh(await statuses(t, '10.0.0.2', (i) => `203.0.113.${i + 1}, 198.51.100.5`));
    neverLimited(await statuses(t, '10.0.0.2', (i) => `198.51.100.5, 203.0.113.${i + 1}`));
  });
});

describe('TRUST_PROXY is checked at start', () => {
  const trust = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

  it('reads nobody, a list of addresses and ranges, or a hop count', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toEqual({ kind: 'none' });
    expect(trust(' ')).toEqual({ kind: 'none' });
    expect(trust('10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback')).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 });
  });

  it('refuses anything else with one line naming TRUST_PROXY', () => {
    for (const bad of ['true', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '0', '11', '10.0.0.1,,10.0.0.2']) {
      let error: unknown;
      try {
        trust(bad);
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n').slice(1);
      expect(lines, bad).toHaveLength(1);
      expect(lines[0], bad).toMatch(/^ {2}TRUST_PROXY: TRUST_PROXY must be /);
    }
  });
});
