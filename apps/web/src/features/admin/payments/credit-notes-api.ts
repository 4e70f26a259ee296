import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IssueCreditNoteRequest } from '@mawingu/contracts/admin/credit-notes';
import { creditNotePdfCall, issueCreditNoteCall, orderCreditNotesCall } from '@mawingu/contracts/admin/credit-notes-calls';
import { callUrl, downloadFile, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

const key = (companyId: number, orderId: number) => ['admin', companyId, 'payments-area', 'credit-notes', orderId] as const;

/** The order's invoice as a credit note needs it, with its credit notes (only once the order has an invoice). */
export function useOrderCreditNotes(companyId: number, orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: key(companyId, orderId),
    queryFn: () => fetchCall(orderCreditNotesCall, { params: { companyId, orderId } }, inConsole),
    enabled,
  });
}

/** Issues a credit note; the reply replaces the list, and the order (its gateway messages) is read again. */
export function useIssueCreditNote(companyId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: IssueCreditNoteRequest) =>
      fetchCall(issueCreditNoteCall, { params: { companyId, orderId }, body: request }, inConsole),
    onSuccess: (data) => queryClient.setQueryData(key(companyId, orderId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', companyId, 'payments-area', 'order', orderId] }),
  });
}

/** A credit note's PDF (fetched with the console session), opened in a new tab. */
export async function openCreditNotePdf(companyId: number, orderId: number, creditNoteId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await downloadFile(callUrl(creditNotePdfCall, { params: { companyId, orderId, creditNoteId } }), inConsole);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The gateways a refund can go back through (ADR 0116, 0127), by their own names. */
export const GATEWAY_NAMES = { paypal: 'PayPal', payfast: 'PayFast', ozow: 'Ozow', pesapal: 'Pesapal' } as const;
