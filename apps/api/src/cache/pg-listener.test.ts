import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import { until } from '../../test/until.ts';
import type { Database } from '../db/client.ts';
import { listenOn, type Listener } from './pg-listener.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A TCP relay to the database that can go silent: the connections through it stay open but carry
 * nothing more, as when a failover moves the server's address away without a reset.
 */
async function silenceableRelay(target: { host: string; port: number }) {
  const all: net.Socket[] = [];
  let open: [net.Socket, net.Socket][] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    all.push(client, upstream);
    open.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** The connections open now go silent; new ones work. */
    silence: () => {
      open.forEach(([client, upstream]) => (client.unpipe(), upstream.unpipe()));
      open = [];
    },
    close: () => {
      all.forEach((s) => s.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!onPostgres)('the cache listener’s connection (needs DATABASE_URL)', () => {
  let database: Database;
  let relay: Awaited<ReturnType<typeof silenceableRelay>>;
  let listener: Listener;
  const heard: string[] = [];
  let reconnects = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = new URL(database.connectionString!);
    relay = await silenceableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const events = { onNotification: (payload: string) => heard.push(payload), onReconnect: () => reconnects++ };
    listener = listenOn(url.toString(), 'listener_test', events, pino({ level: 'silent' }), { checkEveryMs: 300, queryTimeoutMs: 1000 });
    await listener.ready;
  });
  afterAll(async () => {
    await listener?.close();
    await relay?.close();
    await database?.close();
  });

  const notify = (payload: string) => database.executeSql('select pg_notify($1, $2)', ['listener_test', payload]);

  it('finds a connection that died without a word, connects again and reports it', async () => {
    await notify('before');
    await until(() => (heard.includes('before') ? true : undefined), 2000);

    relay.silence();
    // Without the periodic check nothing would ever say the connection is gone.
    await until(() => (reconnects === 1 ? true : undefined), 5000);
    await notify('after');
    await until(() => (heard.includes('after') ? true : undefined), 2000);
    // The new connection is healthy: its checks pass and it is not made again.
    await new Promise((r) => setTimeout(r, 1000));
    expect(reconnects).toBe(1);
  });
});
