import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import en from './en.json';
import ko from './ko.json';

type Tree = { [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

// Korean has one plural form: "_other" stands for English's "_one" and "_other".
const singular = (key: string) => key.replace(/_(one|other)$/, '');

// Feature namespaces: every English text has a Korean one, and no Korean text lacks an English original.
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

  it('has no Korean text without an English original', () => {
    const english = new Set(leafKeys(en as Tree).map(singular));
    expect(leafKeys(ko as Tree).filter((key) => !english.has(singular(key)))).toEqual([]);
  });

  it('translates every text of the public-site pages into Korean', () => {
    const korean = new Set(leafKeys(ko as Tree).map(singular));
    const areas = ['common', 'news', 'blogs', 'about', 'faq', 'help', 'terms', 'privacy', 'pdf', 'newsletter', 'spec', 'footer'];
    const missing = leafKeys(en as Tree)
      .filter((key) => areas.includes(key.split('.')[0]!))
      .filter((key) => !korean.has(singular(key)) && key !== 'footer.emailPlaceholder');
    expect(missing).toEqual([]);
  });
});
