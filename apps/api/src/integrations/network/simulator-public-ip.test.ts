import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { PublicIpError } from './public-ip.ts';
import { SIMULATOR_PUBLIC_IP, createSimulatorPublicIp, simulatorRulesOf } from './simulator-public-ip.ts';

describe('the simulator PublicIp (rules in the database)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const web = { key: 'vm-1', hostName: 'web 01', lanIp: '192.168.1.10', tcpPorts: ['80', '443'], udpPorts: ['1194'] };

  it("stores a VM's rules in Meraki's shape, seen by another instance (a second adapter on the same database)", async () => {
    expect(await createSimulatorPublicIp(database.db).forward(web)).toEqual({ publicIp: SIMULATOR_PUBLIC_IP });
    const seen = await simulatorRulesOf(database.db, 'vm-1');
    expect(seen?.rules.map((r) => `${r.name}|${r.protocol}|${r.publicPort}`)).toEqual([
      'vm-1 web-01 tcp|tcp|80',
      'vm-1 web-01 tcp|tcp|443',
      'vm-1 web-01 udp|udp|1194',
    ]);
    await createSimulatorPublicIp(database.db, '198.51.100.1').forward({ ...web, tcpPorts: ['8080'], udpPorts: [] });
    expect(await simulatorRulesOf(database.db, 'vm-1')).toMatchObject({ publicIp: '198.51.100.1', rules: [{ publicPort: '8080' }] });
  });

  it('refuses a public port another VM has (ranges too), and release frees it', async () => {
    const sim = createSimulatorPublicIp(database.db);
    await sim.forward({ key: 'vm-2', hostName: 'db', lanIp: '192.168.1.20', tcpPorts: ['5000-5010'], udpPorts: [] });
    const err = await sim.forward({ key: 'vm-3', hostName: 'x', lanIp: '192.168.1.30', tcpPorts: ['5005'], udpPorts: [] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PublicIpError);
    expect((err as PublicIpError).kind).toBe('rejected');
    expect(await simulatorRulesOf(database.db, 'vm-3')).toBeUndefined();
    await sim.forward({ key: 'vm-3', hostName: 'x', lanIp: '192.168.1.30', tcpPorts: [], udpPorts: ['5005'] }); // udp is another port
    await sim.release('vm-2');
    await sim.release('vm-2');
    await sim.forward({ key: 'vm-3', hostName: 'x', lanIp: '192.168.1.30', tcpPorts: ['5005'], udpPorts: [] });
    expect(await simulatorRulesOf(database.db, 'vm-2')).toBeUndefined();
  });

  it('tells before forwarding which public port another VM already takes; its own rules are no clash', async () => {
    const sim = createSimulatorPublicIp(database.db);
    await sim.forward({ key: 'vm-4', hostName: 'mail', lanIp: '192.168.1.40', tcpPorts: ['2525'], udpPorts: ['6000-6010'] });
    const asking = { key: 'vm-5', hostName: 'y', lanIp: '192.168.1.50', tcpPorts: ['2424', '2525'], udpPorts: [] };
    expect(await sim.findClash(asking)).toEqual({ protocol: 'tcp', publicPort: '2525' });
    expect(await sim.findClash({ ...asking, tcpPorts: ['7000'], udpPorts: ['6005'] })).toEqual({ protocol: 'udp', publicPort: '6005' });
    expect(await sim.findClash({ ...asking, tcpPorts: ['7000'] })).toBeUndefined();
    expect(await sim.findClash({ ...asking, key: 'vm-4' })).toBeUndefined();
  });
});
