import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { oneNetworkWriterAtATime } from './one-network-writer.ts';
import type { PublicIp } from './public-ip.ts';

describe('public IP changes across instances', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('lets one writer at a time change the network, whichever instance it runs on', async () => {
    let writing = 0;
    let most = 0;
    const order: string[] = [];
    // A network whose read-merge-write takes a while, like Meraki's GET then PUT.
    const network: PublicIp = {
      provider: 'slow-network',
      async forward(input) {
        writing += 1;
        most = Math.max(most, writing);
        order.push(`start ${input.key}`);
        await new Promise((r) => setTimeout(r, 40));
        order.push(`end ${input.key}`);
        writing -= 1;
        return { publicIp: '203.0.113.7' };
      },
      async release() {},
      async findClash() {
        return undefined;
      },
    };
    // Two instances: two wrappers over the same database.
    const first = oneNetworkWriterAtATime(network, database.db, 'N_1');
    const second = oneNetworkWriterAtATime(network, database.db, 'N_1');
    const rule = (key: string) => ({ key, hostName: key, lanIp: '10.0.0.2', tcpPorts: ['443'], udpPorts: [] });
    await Promise.all([
      first.forward(rule('vm-1')),
      second.forward(rule('vm-2')),
      first.forward(rule('vm-3')),
      second.forward(rule('vm-4')),
    ]);
    expect(most).toBe(1);
    expect(order).toHaveLength(8);
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace('start', 'end'));
  });
});
