import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import en from './en.json';
import ko from './ko.json';

type Tree = { [key: string]: string | Tree };

function leafEntries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leafEntries(value, `${prefix}${key}.`),
  );
}

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

// Korean has one plural form: "_other" stands for English's "_one" and "_other".
const singular = (key: string) => key.replace(/_(one|other)$/, '');

// Feature namespaces (the customer site's and the console's): every English text has a Korean one,
// and no Korean text lacks an English original.
const namespaceFiles = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const namespaces = [...new Set(Object.keys(namespaceFiles).map((file) => file.split('/')[1]!))];

describe('translations', () => {
  it.each(namespaces)('translates the %s namespace into Korean, key for key', (namespace) => {
    const english = leafKeys(namespaceFiles[`./${namespace}/en.json`]!).map(singular);
    const korean = leafKeys(namespaceFiles[`./${namespace}/ko.json`] ?? {}).map(singular);
    expect(new Set(korean)).toEqual(new Set(english));
  });

  it('keeps the spec’s texts word for word in English', () => {
    for (const [key, text] of Object.entries(en.spec)) {
      expect(messages[key as keyof typeof messages], key).toBe(text);
    }
  });

  // A server text's English original is the contracts' message itself (spec.<key>), and a word the
  // server fills in is its own (specWords.<word>): English needs no copy of either.
  it('has no Korean text without an English original', () => {
    const english = new Set([...leafKeys(en as Tree), ...Object.keys(messages).map((key) => `spec.${key}`)].map(singular));
    const orphans = leafKeys(ko as Tree).filter((key) => !english.has(singular(key)) && !key.startsWith('specWords.'));
    expect(orphans).toEqual([]);
  });

  // Every text the server may send: its Korean in the shared "spec" section or a feature's.
  it('translates every message of the contracts into Korean', () => {
    const korean = new Set(
      [ko, ...namespaces.map((namespace) => namespaceFiles[`./${namespace}/ko.json`] ?? {})].flatMap((tree) =>
        Object.keys((tree as Tree).spec ?? {}),
      ),
    );
    expect(Object.keys(messages).filter((key) => !korean.has(key))).toEqual([]);
  });

  // Every text of the base namespace, as of the feature namespaces: a key left out shows English in
  // the middle of a Korean page (the header, the menus and home's sub-line did until issue 16).
  it('translates every text of the base namespace into Korean', () => {
    const korean = new Set(leafKeys(ko as Tree).map(singular));
    expect(leafKeys(en as Tree).filter((key) => !korean.has(singular(key)))).toEqual([]);
  });

  // A Korean text that drops or misspells "{{name}}" (or a spec text's "{name}") shows a blank or the
  // raw placeholder.
  it.each(['base', ...namespaces])('keeps the placeholders of every text in the %s namespace', (namespace) => {
    const english = namespace === 'base' ? (en as Tree) : namespaceFiles[`./${namespace}/en.json`]!;
    const korean = namespace === 'base' ? (ko as Tree) : (namespaceFiles[`./${namespace}/ko.json`] ?? {});
    const placeholders = (text: string) => [...new Set(text.match(/\{\{?\w+\}?\}/g) ?? [])].sort();
    const englishText = new Map<string, string>([
      ...(namespace === 'base' ? Object.entries(messages).map(([key, text]) => [`spec.${key}`, text] as [string, string]) : []),
      ...leafEntries(english).map(([key, text]) => [singular(key), text] as [string, string]),
    ]);
    const wrong = leafEntries(korean).filter(([key, text]) => {
      const original = englishText.get(singular(key));
      return original !== undefined && placeholders(original).join() !== placeholders(text).join();
    });
    expect(wrong).toEqual([]);
  });
});
