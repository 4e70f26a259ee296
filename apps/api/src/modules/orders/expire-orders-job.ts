import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { expireAbandonedOrders } from './open-orders.ts';
import type { JobKind, JobQueue } from '../../jobs/queue.ts';

export const EXPIRE_ORDERS = 'expire-orders';

/**
 * Abandoned orders (never taken to a gateway, open past OPEN_ORDER_HOURS) become cancelled, hourly
 * (pg-boss cron: one run per slot however many instances work the queue).
 */
export function expireOrdersJob(db: Db, log?: FastifyBaseLogger): JobKind<Record<string, never>> {
  return {
    name: EXPIRE_ORDERS,
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    keyOf: () => EXPIRE_ORDERS,
    policy: 'stately',
    handle: async () => {
      const expired = await expireAbandonedOrders(db);
      if (expired > 0) log?.info({ expired }, 'abandoned orders expired');
    },
  };
}

/** Works the job in this process and schedules it (call after queue.work creates its queue). */
export async function startOrderExpiry(queue: JobQueue, db: Db, log?: FastifyBaseLogger, cron = '17 * * * *'): Promise<void> {
  await queue.work([expireOrdersJob(db, log)]);
  await queue.boss.schedule(EXPIRE_ORDERS, cron, {});
}
