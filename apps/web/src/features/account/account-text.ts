import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messages, type MessageKey } from '@mawingu/contracts/messages';
import accountEn from '../../i18n/account/en.json';
import { useSpecText } from '../../lib/spec-text.ts';

/** The account page's texts of the spec (and our own replies), keyed like `messages`. */
export const ACCOUNT_SPEC_KEYS = Object.keys(accountEn.spec) as (keyof typeof accountEn.spec & MessageKey)[];
const keyByText = new Map<string, string>(ACCOUNT_SPEC_KEYS.map((key) => [messages[key], key]));

/**
 * Shows a validation message or server reply in the visitor's language: the account's texts from
 * the account namespace, other spec texts through useSpecText, anything else as it is.
 */
export function useAccountText(): (text: string) => string {
  const { t } = useTranslation('account');
  const specText = useSpecText();
  return useCallback(
    (text: string) => {
      const key = keyByText.get(text);
      // The key is known to exist; the typed `t` cannot see that through a runtime string.
      return key ? (t as unknown as (key: string) => string)(`spec.${key}`) : specText(text);
    },
    [t, specText],
  );
}
