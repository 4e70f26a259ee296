import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useSpecText } from './spec-text.ts';

const keyByText = new Map<string, string>(Object.entries(messages).map(([key, text]) => [text, key]));

type Namespace = 'tickets' | 'saved' | 'account' | 'auth' | 'notifications' | 'purchase';

/**
 * Like `useSpecText`, for a feature whose spec texts are translated in its own namespace
 * (`<namespace>:spec.<key>`): a feature's texts load with the feature, not with every page.
 * Texts the namespace does not translate fall back to the shared "spec" section, then to the text.
 */
export function useSpecTextIn(namespace: Namespace): (text: string) => string {
  const { t, i18n } = useTranslation(namespace);
  const shared = useSpecText();
  return useCallback(
    (text: string) => {
      const key = keyByText.get(text);
      if (!key || !i18n.exists(`spec.${key}`, { ns: namespace })) return shared(text);
      // The key is known to exist; the typed `t` cannot see that through a runtime string.
      return (t as unknown as (key: string) => string)(`spec.${key}`);
    },
    [t, i18n, namespace, shared],
  );
}
