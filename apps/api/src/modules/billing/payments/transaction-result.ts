import { eq } from 'drizzle-orm';
import type { TransactionResult, TransactionStatus } from '@mawingu/contracts/payments';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema.ts';
import { backupKindOfOrder, orderById } from '../../orders/index.ts';
import { attemptById, type AttemptRow } from './attempt-store.ts';
import { paymentModeOf } from './payment-modes.ts';

/**
 * Where an attempt stands, as the result pages read it. `refused`: the return the page brought
 * could not be verified — Error, whatever the order's state (a forged return proves nothing).
 */
export async function transactionResultOf(
  db: Db,
  { id, orderId }: Pick<AttemptRow, 'id' | 'orderId'>,
  refused = false,
): Promise<TransactionResult> {
  // Asked together (each its own pooled connection): under load every round trip waits a turn.
  const [current, order, [invoice], backupKind] = await Promise.all([
    attemptById(db, id),
    orderById(db, orderId),
    db.select({ token: invoices.token }).from(invoices).where(eq(invoices.orderId, orderId)),
    // Kind 2 is a clone or a snapshot; its VM row's details say which (no such row for other kinds).
    backupKindOfOrder(db, orderId),
  ]);
  const attempt = current!;
  const paid = attempt.status === 'paid';
  const status: TransactionStatus = refused
    ? 'Error'
    : paid || order?.paidAt
      ? 'Complete'
      : attempt.status === 'cancelled'
        ? 'Cancelled'
        : attempt.status === 'failed'
          ? 'Error'
          : 'Pending';
  return {
    transactionStatus: status,
    orderID: attempt.orderId,
    kind: order?.kind ?? 1,
    transactionID: paid ? attempt.gatewayReference || attempt.reference : null,
    productID: order?.productId ?? null,
    updateID: null,
    // As in the purchase history: 1 for kind 2, clone or snapshot.
    isClone: order?.kind === 2 ? 1 : 0,
    backupKind: order?.kind === 2 && (backupKind === 'clone' || backupKind === 'snapshot') ? backupKind : null,
    invoiceToken: status === 'Complete' ? (invoice?.token ?? null) : null,
    paymentMode: paymentModeOf(attempt.gateway),
  };
}
