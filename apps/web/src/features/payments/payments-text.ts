import { useSpecText } from '../../lib/spec-text.ts';

/**
 * A server message in the visitor's language: spec texts this feature translates come from
 * `payments:spec.<key>`, other spec texts from the shared section, anything else as it came.
 */
export function usePaymentsText(): (text: string) => string {
  return useSpecText('payments');
}
