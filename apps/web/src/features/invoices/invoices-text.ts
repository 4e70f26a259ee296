import { useSpecText } from '../../lib/spec-text.ts';

/**
 * A server message in the visitor's language: spec texts the invoices feature translates come from
 * `invoices:spec.<key>`, other spec texts from the shared section, anything else as it came.
 */
export function useInvoicesText(): (text: string) => string {
  return useSpecText('invoices');
}
