import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { paymentAttempts } from '../../../db/schema.ts';

/**
 * A condition for other domains' queries: the order (its id column given) was paid through a
 * gateway's sandbox — its paid attempt is a test transaction, so its money is not revenue.
 */
export function paidInSandbox(orderId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM ${paymentAttempts}
    WHERE ${paymentAttempts.orderId} = ${orderId} AND ${paymentAttempts.status} = 'paid' AND ${paymentAttempts.test})`;
}
