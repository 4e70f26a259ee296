import type { FastifyBaseLogger } from 'fastify';
import type { JobKind, JobQueue } from '../../jobs/queue.ts';

export const EXPIRE_ORDERS = 'expire-orders';

/**
 * Abandoned orders (never taken to a gateway, open past OPEN_ORDER_HOURS) become cancelled, hourly
 * (pg-boss cron: one run per slot however many instances work the queue).
 */
export function expireOrdersJob(expireAbandonedOrders: () => Promise<number>, log?: FastifyBaseLogger): JobKind<Record<string, never>> {
  return {
    name: EXPIRE_ORDERS,
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    keyOf: () => EXPIRE_ORDERS,
    policy: 'stately',
    handle: async () => {
      const expired = await expireAbandonedOrders();
      if (expired > 0) log?.info({ expired }, 'abandoned orders expired');
    },
  };
}

/** Works the job in this process and schedules it (call after queue.work creates its queue). */
export async function startOrderExpiry(
  queue: JobQueue,
  expireAbandonedOrders: () => Promise<number>,
  log?: FastifyBaseLogger,
  cron = '17 * * * *',
): Promise<void> {
  await queue.work([expireOrdersJob(expireAbandonedOrders, log)]);
  await queue.boss.schedule(EXPIRE_ORDERS, cron, {});
}
