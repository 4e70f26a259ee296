import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { fill, messages, type MessageKey } from '@mawingu/contracts/messages';
import { resolveParticles } from '@mawingu/contracts/korean-particles';
import { textMatcher } from './text-matcher.ts';

/** Which text of the spec (or of our own replies) a server text is, with the values filled in. */
export const matchSpecText = textMatcher<MessageKey>(messages);

/** Feature namespaces with a "spec" section of their own (i18n/<namespace>/<language>.json). */
export type SpecNamespace = 'account' | 'auth' | 'invoices' | 'notifications' | 'payments' | 'purchase' | 'saved' | 'tickets' | 'vms';

/**
 * A text of the spec in the current language: the namespace's `spec.<key>` if it has one, else the
 * shared "spec" section; filled-in values carried over, and translated themselves when they are a
 * text of the spec too ("…could not be assigned: {reason}") or a word of "specWords" (the labels and
 * kinds the server fills in, "Total amount", "clone"). Any other text (a company's own) as it is.
 */
export function translateSpecText(i18n: I18n, text: string, namespace?: SpecNamespace): string {
  if (i18n.resolvedLanguage === 'en') return text;
  const found = matchSpecText(text);
  if (!found) return text;
  const key = `spec.${found.key}`;
  const ns = namespace && i18n.exists(key, { ns: namespace }) ? namespace : i18n.exists(key) ? 'translation' : null;
  if (!ns) return text;
  // Keys built at run time: the typed `t` cannot check them (they were checked to exist).
  const t = i18n.t as unknown as (key: string, options?: Record<string, string>) => string;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => {
      const word = `specWords.${value}`;
      const isWord = /^[A-Za-z][A-Za-z ]*$/.test(value) && i18n.exists(word);
      const translated = matchSpecText(value) ? translateSpecText(i18n, value, namespace) : isWord ? t(word) : value;
      return [name, translated];
    }),
  );
  // Most texts keep the spec's "{name}" placeholders (i18next leaves them to `fill`); a few are
  // written "{{name}}" for i18next, which gets the values too.
  const filled = fill(t(key, { ...values, ns }), values);
  return i18n.resolvedLanguage === 'ko' ? resolveParticles(filled) : filled;
}

/** `translateSpecText` as a hook: the texts follow a change of language. */
export function useSpecText(namespace?: SpecNamespace): (text: string) => string {
  const { t, i18n } = useTranslation(namespace ?? 'translation');
  return useCallback(
    (text: string) => translateSpecText(i18n, text, namespace),
    // `t` changes with the language and with a namespace's arrival: the texts then change too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n, namespace],
  );
}
