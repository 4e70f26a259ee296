import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { purchaseHistoryRow, type PurchaseHistoryRow } from '@mawingu/contracts/invoices';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { INVOICES_KEY } from './generate-invoice.ts';

export async function getPurchaseHistory(signal?: AbortSignal): Promise<Envelope<PurchaseHistoryRow[] | null>> {
  return parseReply(
    await callApi('virtualMachine/getPurchaseHistory', undefined, { signal }),
    import.meta.env.DEV && z.array(purchaseHistoryRow),
  );
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
