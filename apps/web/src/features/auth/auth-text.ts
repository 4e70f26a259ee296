import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fill, messages, type MessageKey } from '@mawingu/contracts/messages';
import { useSpecText } from '../../lib/spec-text.ts';
import authEn from '../../i18n/auth/en.json';

type AuthSpecKey = keyof typeof authEn.spec & MessageKey;
const AUTH_SPEC_KEYS = Object.keys(authEn.spec) as AuthSpecKey[];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each account text of the spec as a pattern; filled placeholders ("{email}") are captured. */
const patterns = AUTH_SPEC_KEYS.map((key) => {
  const names: string[] = [];
  const source = escape(messages[key]).replace(/\\\{(\w+)\\\}/g, (_whole, name: string) => {
    names.push(name);
    return '(.+)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** Which account text of the spec `text` is, with the values the server filled in. */
export function matchAuthText(text: string): { key: AuthSpecKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/**
 * Shows a text of the spec (a zod message, a server reply, also one with the masked e-mail filled
 * in) in the visitor's language: account texts from the auth namespace, others through
 * useSpecText; anything else as it is.
 */
export function useAuthText(): (text: string) => string {
  const { t } = useTranslation('auth');
  const specText = useSpecText();
  return useCallback(
    (text: string) => {
      const found = matchAuthText(text);
      if (!found) return specText(text);
      return fill(t(`spec.${found.key}`), found.values);
    },
    [t, specText],
  );
}
