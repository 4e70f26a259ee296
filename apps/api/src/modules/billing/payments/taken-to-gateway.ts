import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { paymentAttempts } from '../../../db/schema.ts';

/**
 * A condition for other domains' queries: the order (its id column given) was taken to a gateway —
 * it has a payment attempt, so somebody may be paying it right now (the orders' open-order reuse
 * and expiry leave such an order alone).
 */
export function takenToGateway(orderId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM ${paymentAttempts} WHERE ${paymentAttempts.orderId} = ${orderId})`;
}
