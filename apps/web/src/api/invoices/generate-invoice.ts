import { queryOptions, useQuery } from '@tanstack/react-query';
import { generateInvoiceCall } from '@mawingu/contracts/invoices-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** POST invoice/generateInvoice with the /DownloadInvoice/{token} token: the invoice's details and its PDF address. */
export async function generateInvoice(token: string, signal?: AbortSignal): Promise<CallEnvelope<typeof generateInvoiceCall>> {
  return requestCall(generateInvoiceCall, { body: { token } }, { signal });
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
