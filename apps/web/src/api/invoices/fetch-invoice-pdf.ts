import { queryOptions, useQuery } from '@tanstack/react-query';
import { saveFile } from '../../lib/save-file.ts';
import { fetchCustomerFile } from '../fetch-customer-file.ts';
import { INVOICES_KEY } from './generate-invoice.ts';

/**
 * The invoice's A4 PDF as bytes, or null when it cannot be had. It is served to its owner only, so
 * the viewer is handed the bytes, never the address.
 */
export async function fetchInvoicePdf(url: string, signal?: AbortSignal): Promise<Uint8Array | null> {
  const blob = await fetchCustomerFile(url, { accept: 'application/pdf', signal });
  return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
}

export function invoicePdfQueryOptions(url: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'pdf', url] as const,
    queryFn: ({ signal }) => fetchInvoicePdf(url, signal),
    staleTime: Infinity,
  });
}

export function useInvoicePdf(url: string | null) {
  return useQuery({ ...invoicePdfQueryOptions(url ?? ''), enabled: url !== null });
}

/** Hands the PDF to the browser's downloads under `fileName`. */
export function savePdf(bytes: Uint8Array, fileName: string): void {
  saveFile(new Blob([bytes.slice()], { type: 'application/pdf' }), fileName);
}
