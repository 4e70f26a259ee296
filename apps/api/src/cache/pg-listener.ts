import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export type ListenerEvents = {
  /** A NOTIFY on the channel, from any session (this process's own included). */
  onNotification(payload: string): void;
  /**
   * The connection was made again after it was lost (or after a failed first try): notifications
   * sent in between are gone for good, so whatever they would have told must be assumed.
   */
  onReconnect(): void;
};

export type Listener = {
  /** Settles after the first attempt to listen, whether it worked or not (a start never waits on it longer). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/** Name on the connection in pg_stat_activity, so an operator can tell what it is. */
export const LISTENER_APPLICATION_NAME = 'mawingu-cache-listener';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
/**
 * A connection whose server vanished without a word (a hard failover) raises no error until TCP
 * gives up, which takes minutes to hours: a query now and then, with a time limit, finds out.
 */
const CHECK_EVERY_MS = 30_000;
const QUERY_TIMEOUT_MS = 5000;

/**
 * LISTEN on a channel over a connection of its own: a pooled connection cannot listen, as it is
 * lent to other queries and given back. When the connection is lost (a restart, a failover, a
 * killed backend) it is opened again, after 250 ms and then doubling pauses of at most 5 s, for as
 * long as the process lives; each time it is back, `onReconnect` runs. A `select 1` every 30 s
 * (5 s at most) finds a connection that died silently.
 */
export function listenOn(
  connectionString: string,
  channel: string,
  events: ListenerEvents,
  log: FastifyBaseLogger,
  timing = { checkEveryMs: CHECK_EVERY_MS, queryTimeoutMs: QUERY_TIMEOUT_MS },
): Listener {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  let failures = 0;
  let attempts = 0;
  let settleReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settleReady = resolve));

  function attempt() {
    const first = attempts++ === 0;
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: timing.queryTimeoutMs,
      query_timeout: timing.queryTimeoutMs,
    });
    current = client;
    let gone = false;
    let check: NodeJS.Timeout | undefined;
    const lost = (err?: unknown) => {
      if (gone) return;
      gone = true;
      clearInterval(check);
      if (current === client) current = undefined;
      client.end().catch(() => {});
      settleReady();
      if (closed) return;
      const delayMs = Math.min(FIRST_RETRY_MS * 2 ** failures++, MAX_RETRY_MS);
      log.warn(
        { err, channel, retryInMs: delayMs },
        'cache invalidation listener lost its database connection; other instances’ changes show after the cache TTL until it is back',
      );
      retry = setTimeout(attempt, delayMs);
      // A forgotten listener must not hold a process open on its own.
      retry.unref();
    };
    // pg emits 'error' for a connection lost while idle, and 'end' when it closes; either is a loss.
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) events.onNotification(message.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${client.escapeIdentifier(channel)}`))
      .then(() => {
        if (gone) return;
        failures = 0;
        settleReady();
        check = setInterval(() => client.query('select 1').catch(lost), timing.checkEveryMs);
        check.unref();
        if (!first) {
          log.info({ channel }, 'cache invalidation listener connected again; caches cleared');
          events.onReconnect();
        }
      }, lost);
  }

  attempt();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
