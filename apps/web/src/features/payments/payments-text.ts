import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useSpecText } from '../../lib/spec-text.ts';

const keyByText = new Map<string, string>(Object.entries(messages).map(([key, text]) => [text, key]));

/**
 * A server message in the visitor's language: spec texts this feature translates come from
 * `payments:spec.<key>`, other spec texts from the shared section, anything else as it came.
 */
export function usePaymentsText(): (text: string) => string {
  const { t, i18n } = useTranslation('payments');
  const shared = useSpecText();
  return useCallback(
    (text: string) => {
      const key = keyByText.get(text);
      if (!key || !i18n.exists(`spec.${key}`, { ns: 'payments' })) return shared(text);
      // The key is known to exist; the typed `t` cannot see that through a runtime string.
      return (t as unknown as (key: string) => string)(`spec.${key}`);
    },
    [t, i18n, shared],
  );
}
