import type { TransactionUpdateRequest } from '@mawingu/contracts/payments';
import { transactionUpdateCalls } from '@mawingu/contracts/payments-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** The spec's transaction update calls, one per purchase kind (the server serves them all alike). */
export type TransactionUpdateCall = keyof typeof transactionUpdateCalls;

/**
 * The call for a purchase kind (1 new, 2 clone or snapshot, 3 renew, 4 update, 5 multiple renew).
 * Kind 2 uses the clone variant: the stored payment does not say clone or snapshot, and the server
 * reads the kind from the order. Anything else is a new VM's call.
 */
export function transactionCallOf(kind: number): TransactionUpdateCall {
  switch (kind) {
    case 2:
      return 'transactionApiForCloneVM';
    case 3:
      return 'transactionApiForRenewVm';
    case 4:
      return 'transactionApiForUpdateVm';
    case 5:
      return 'transactionApiForMultipleRenew';
    default:
      return 'transactionApi';
  }
}

/**
 * POST virtualMachine/{call}: what a result page read from the gateway's return. The server
 * verifies it with the gateway and answers the transaction's state. `background`: a result page
 * shows its own progress, so the page-wide overlay stays away (it also polls while Pending).
 */
export async function postTransactionUpdate(
  call: TransactionUpdateCall,
  body: TransactionUpdateRequest,
): Promise<CallEnvelope<typeof transactionUpdateCalls.transactionApi>> {
  return requestCall(transactionUpdateCalls[call], { body }, { background: true });
}
