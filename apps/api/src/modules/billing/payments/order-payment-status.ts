import { messages } from '@mawingu/contracts/messages';
import type { TransactionResult } from '@mawingu/contracts/payments';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { attemptOfCustomer } from './attempt-store.ts';
import { transactionResultOf } from './transaction-result.ts';

/**
 * Where one of the customer's own orders stands, read only: the success page believes this, never
 * its address. Another customer's or company's order, and one with no payment attempt, is not found.
 */
export function createOrderPaymentStatus(db: Db) {
  return async (customer: { companyId: number; customerId: number }, orderId: number): Promise<TransactionResult> => {
    const attempt = await attemptOfCustomer(db, customer.companyId, customer.customerId, { orderId });
    if (!attempt) throw AppError.notFound(messages.orderNotFound);
    return transactionResultOf(db, attempt);
  };
}
