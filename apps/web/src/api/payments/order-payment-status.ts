import { orderPaymentStatusCall } from '@mawingu/contracts/payments-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/**
 * POST virtualMachine/getOrderPaymentStatus: where one of the viewer's own orders stands (read
 * only). Another customer's order, or one never paid for, answers 404.
 */
export async function fetchOrderPaymentStatus(orderID: number): Promise<CallEnvelope<typeof orderPaymentStatusCall>> {
  return requestCall(orderPaymentStatusCall, { body: { orderID } }, { background: true });
}
