import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeMeraki, type FakeMeraki } from '../../../../../tools/fakes/meraki.ts';
import { createMerakiPublicIp, type MerakiSettings } from './meraki.ts';
import { PublicIpError, type PortForwarding } from './public-ip.ts';

const someoneElses = {
  name: 'mail server',
  lanIp: '10.0.0.5',
  uplink: 'both',
  publicPort: '25',
  localPort: '25',
  protocol: 'tcp',
  allowedIps: ['any'],
};

describe('the Cisco Meraki adapter (against a local fake Dashboard API)', () => {
  let fake: FakeMeraki;
  const settings = (): MerakiSettings => ({
    apiKey: 'fake-meraki-key',
    networkId: 'N_1',
    publicIp: '198.51.100.7',
    baseUrl: fake.url,
    backoffBaseMs: 5,
    backoffMaxMs: 20,
  });
  const web: PortForwarding = {
    key: 'vm-42',
    hostName: 'web01',
    lanIp: '192.168.10.42',
    tcpPorts: ['80', '443', '8100-8101'],
    udpPorts: ['53'],
  };

  beforeAll(async () => {
    fake = await startFakeMeraki();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.rules.set('N_1', [someoneElses]);
    fake.requests.length = 0;
  });

  async function failure(promise: Promise<unknown>): Promise<PublicIpError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PublicIpError);
    return err as PublicIpError;
  }

  it('adds one rule per port and protocol, named by the key, keeping every other rule; answers the configured public IP', async () => {
    const meraki = createMerakiPublicIp(settings());
    expect(await meraki.forward(web)).toEqual({ publicIp: '198.51.100.7' });
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'PUT']);
    expect(fake.rules.get('N_1')).toEqual([
      someoneElses,
      {
        name: 'vm-42 web01 tcp',
        lanIp: '192.168.10.42',
        uplink: 'both',
        publicPort: '80',
        localPort: '80',
        protocol: 'tcp',
        allowedIps: ['any'],
      },
      {
        name: 'vm-42 web01 tcp',
        lanIp: '192.168.10.42',
        uplink: 'both',
        publicPort: '443',
        localPort: '443',
        protocol: 'tcp',
        allowedIps: ['any'],
      },
      {
        name: 'vm-42 web01 tcp',
        lanIp: '192.168.10.42',
        uplink: 'both',
        publicPort: '8100-8101',
        localPort: '8100-8101',
        protocol: 'tcp',
        allowedIps: ['any'],
      },
      {
        name: 'vm-42 web01 udp',
        lanIp: '192.168.10.42',
        uplink: 'both',
        publicPort: '53',
        localPort: '53',
        protocol: 'udp',
        allowedIps: ['any'],
      },
    ]);
  });

  it("replaces a VM's rules on a second call (never duplicates) and release removes only them", async () => {
    const meraki = createMerakiPublicIp(settings());
    await meraki.forward(web);
    await meraki.forward({ ...web, tcpPorts: ['8080'], udpPorts: [] });
    await meraki.forward({ key: 'vm-420', hostName: 'db', lanIp: '192.168.10.99', tcpPorts: ['5432'], udpPorts: [] });
    expect(fake.rules.get('N_1')!.map((r) => `${r.name}:${r.publicPort}`)).toEqual([
      'mail server:25',
      'vm-42 web01 tcp:8080',
      'vm-420 db tcp:5432',
    ]);
    await meraki.release('vm-42');
    expect(fake.rules.get('N_1')!.map((r) => r.name)).toEqual(['mail server', 'vm-420 db tcp']);
    fake.requests.length = 0;
    await meraki.release('vm-42'); // nothing left: no PUT
    expect(fake.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('keeps both changes when two VMs are forwarded at once from this instance', async () => {
    const meraki = createMerakiPublicIp(settings());
    await Promise.all([
      meraki.forward(web),
      meraki.forward({ key: 'vm-7', hostName: 'app', lanIp: '192.168.10.7', tcpPorts: ['9000'], udpPorts: [] }),
    ]);
    expect(fake.rules.get('N_1')!.filter((r) => String(r.name).startsWith('vm-')).length).toBe(5);
  });

  it('honours Retry-After on 429, then succeeds', async () => {
    const meraki = createMerakiPublicIp(settings());
    fake.rateLimit(1, 1);
    await meraki.forward(web);
    const [limited, retried] = fake.requests;
    expect(limited!.status).toBe(429);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(fake.rules.get('N_1')!.length).toBe(5);
  });

  it('backs off exponentially on 429 without Retry-After and on 5xx, at most five retries, then unavailable', async () => {
    const meraki = createMerakiPublicIp(settings());
    fake.rateLimit(3);
    await meraki.forward(web);
    expect(fake.requests.filter((r) => r.status === 429).length).toBe(3);

    fake.requests.length = 0;
    fake.rateLimit(100);
    const err = await failure(meraki.forward(web));
    expect(err.kind).toBe('unavailable');
    expect(err.retryable).toBe(true);
    expect(fake.requests.length).toBe(6); // the call and five retries
    fake.rateLimit(0);

    fake.failNext(503, 1);
    await meraki.release('vm-42');
    expect(fake.rules.get('N_1')).toEqual([someoneElses]);
  });

  it('401 → auth, a network the key cannot reach → auth, a refused rule list (400) → rejected', async () => {
    expect((await failure(createMerakiPublicIp({ ...settings(), apiKey: 'wrong' }).forward(web))).kind).toBe('auth');
    expect((await failure(createMerakiPublicIp({ ...settings(), networkId: 'N_other' }).forward(web))).kind).toBe('auth');
    const meraki = createMerakiPublicIp(settings());
    const taken = await failure(meraki.forward({ ...web, tcpPorts: ['25'] }));
    expect(taken.kind).toBe('rejected');
    expect(taken.message).toContain('already forwarded');
    expect(fake.rules.get('N_1')).toEqual([someoneElses]);
  });

  it('a Meraki that does not answer in time, or not at all, is unavailable after its retries', async () => {
    fake.delayNext(3000, 2);
    const started = Date.now();
    const slow = createMerakiPublicIp({ ...settings(), requestTimeoutMs: 100, maxRetries: 1 });
    expect((await failure(slow.forward(web))).kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(fake.rules.get('N_1')).toEqual([someoneElses]);
    const nowhere = createMerakiPublicIp({ ...settings(), baseUrl: 'http://127.0.0.1:9/api/v1', maxRetries: 1 });
    expect((await failure(nowhere.forward(web))).kind).toBe('unavailable');
  });

  it('finds a public port another rule already takes with one GET, ignoring the key’s own rules; unreachable is "unknown", at once', async () => {
    const meraki = createMerakiPublicIp(settings());
    expect(await meraki.findClash({ ...web, tcpPorts: ['22', '25'], udpPorts: [] })).toEqual({ protocol: 'tcp', publicPort: '25' });
    expect(await meraki.findClash({ ...web, tcpPorts: ['20-30'], udpPorts: [] })).toEqual({ protocol: 'tcp', publicPort: '20-30' });
    // UDP 25 is another port; the VM's own rules (a request asked again) are its own.
    expect(await meraki.findClash({ ...web, tcpPorts: ['2525'], udpPorts: ['25'] })).toBeUndefined();
    await meraki.forward(web);
    expect(await meraki.findClash(web)).toBeUndefined();
    expect(await meraki.findClash({ ...web, key: 'vm-43' })).toEqual({ protocol: 'tcp', publicPort: '80' });
    fake.requests.length = 0;
    fake.failNext(500, 10);
    expect(await meraki.findClash({ ...web, key: 'vm-43' })).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });
});
