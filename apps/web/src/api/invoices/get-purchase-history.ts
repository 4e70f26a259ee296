import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPurchaseHistoryCall } from '@mawingu/contracts/invoices-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { INVOICES_KEY } from './generate-invoice.ts';

export async function getPurchaseHistory(signal?: AbortSignal): Promise<CallEnvelope<typeof getPurchaseHistoryCall>> {
  return requestCall(getPurchaseHistoryCall, {}, { signal });
}

export function purchaseHistoryQueryOptions() {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'history'] as const,
    queryFn: ({ signal }) => getPurchaseHistory(signal),
  });
}

export function usePurchaseHistory() {
  return useQuery(purchaseHistoryQueryOptions());
}
