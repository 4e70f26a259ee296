import type { Db } from '../../db/client.ts';
import type { JobKind, JobQueue, JobSpec } from '../../jobs/queue.ts';
import { sqlOf } from '../../db/transaction-sql.ts';

/** Purchase kinds after the first: 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew. */
export type FulfilledKind = 2 | 3 | 4 | 5;
export type FulfilRequest = { orderId: number; kind: FulfilledKind };
export type FulfilAttempt = { final: boolean };

/**
 * What each kind does once its order is paid. Every handler is idempotent (a repeated run finds
 * its work done: `order_vms.fulfilled_at`, the backup row keyed by the order) and throws to retry.
 */
export type Fulfilments = Record<FulfilledKind, (orderId: number, attempt: FulfilAttempt) => Promise<void>>;

export type FulfilRetry = { retryLimit: number; retryDelay: number };

export const isFulfilledKind = (kind: number): kind is FulfilledKind => kind === 2 || kind === 3 || kind === 4 || kind === 5;

/** Keyed by the order, like provisioning: a replayed "paid" adds nothing while the job waits or runs. */
export const fulfilOrderSpec = (retry: FulfilRetry = { retryLimit: 7, retryDelay: 15 }): JobSpec<FulfilRequest> => ({
  name: 'fulfil-order',
  ...retry,
  retryBackoff: true,
  keyOf: (req) => `order-${req.orderId}`,
  policy: 'stately',
});

export function fulfilOrderJob(fulfilments: Fulfilments, retry?: FulfilRetry): JobKind<FulfilRequest> {
  return {
    ...fulfilOrderSpec(retry),
    handle: async (req, attempt) => {
      await fulfilments[req.kind](req.orderId, { final: attempt?.final ?? false });
    },
  };
}

/** Called by the payments module in the transaction that marks the order paid: both or neither. */
export async function enqueueFulfilment(
  queue: JobQueue,
  req: FulfilRequest,
  options: { tx?: Db; retry?: FulfilRetry } = {},
): Promise<void> {
  await queue.send(fulfilOrderSpec(options.retry), req, options.tx ? { db: sqlOf(options.tx) } : {});
}
