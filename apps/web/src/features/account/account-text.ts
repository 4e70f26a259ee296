import { useSpecText } from '../../lib/spec-text.ts';

/**
 * Shows a validation message or server reply in the visitor's language: the account's texts from
 * the account namespace, other spec texts through the shared section, anything else as it is.
 */
export function useAccountText(): (text: string) => string {
  return useSpecText('account');
}
