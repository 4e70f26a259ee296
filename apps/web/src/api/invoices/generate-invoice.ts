import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { invoiceData, type InvoiceData } from '@mawingu/contracts/invoices';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

/** POST invoice/generateInvoice with the /DownloadInvoice/{token} token: the invoice's details and its PDF address. */
export async function generateInvoice(token: string, signal?: AbortSignal): Promise<Envelope<InvoiceData | null>> {
  return parseReply(await callApi('invoice/generateInvoice', { token }, { signal }), import.meta.env.DEV && invoiceData);
}

export const INVOICES_KEY = ['invoices'] as const;

export function invoiceQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', token] as const,
    queryFn: ({ signal }) => generateInvoice(token, signal),
    // An issued invoice never changes.
    staleTime: Infinity,
  });
}

export function useInvoice(token: string) {
  return useQuery({ ...invoiceQueryOptions(token), enabled: token.length > 0 });
}
