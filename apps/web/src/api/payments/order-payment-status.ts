import type { Envelope } from '@mawingu/contracts/envelope';
import { transactionResult, type TransactionResult } from '@mawingu/contracts/payments';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

/**
 * POST virtualMachine/getOrderPaymentStatus: where one of the viewer's own orders stands (read
 * only). Another customer's order, or one never paid for, answers 404.
 */
export async function fetchOrderPaymentStatus(orderID: number): Promise<Envelope<TransactionResult | null>> {
  return parseReply(
    await callApi('virtualMachine/getOrderPaymentStatus', { orderID }, { background: true }),
    import.meta.env.DEV && transactionResult,
  );
}
