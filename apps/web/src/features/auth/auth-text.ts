import { useSpecText } from '../../lib/spec-text.ts';

/**
 * Shows a text of the spec (a zod message, a server reply, also one with the masked e-mail filled
 * in) in the visitor's language: account texts from the auth namespace, others through the shared
 * section; anything else as it is.
 */
export function useAuthText(): (text: string) => string {
  return useSpecText('auth');
}
