import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';

const keyByText = new Map<string, string>(Object.entries(messages).map(([key, text]) => [text, key]));

/**
 * Translates a text of the spec wherever it comes from (a zod message of the contracts, a server
 * reply): English is the spec's own wording, other languages come from i18n's "spec" section. Any
 * other text (a company's own message, a spec text nobody has translated yet) is shown as it is.
 */
export function useSpecText(): (text: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = keyByText.get(text);
      if (!key || !i18n.exists(`spec.${key}`)) return text;
      // The key is known to exist; the typed `t` cannot see that through a runtime string.
      return (t as unknown as (key: string) => string)(`spec.${key}`);
    },
    [t, i18n],
  );
}
