const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type MatchedText<K extends string> = { key: K; values: Record<string, string> };

/**
 * Recognises a text the server sent as one of a catalogue's texts (the contracts' messages): the
 * text itself, or one with its `{name}` placeholders filled in ("Port 22 (TCP) is already in use
 * …"), whose values are returned. The most specific text wins: exact texts first, then the
 * templates with the most fixed words, so "{field} must be {unit}" does not take "Processor must be
 * {count} for {memory} of memory".
 */
export function textMatcher<K extends string>(catalogue: Record<K, string>): (text: string) => MatchedText<K> | null {
  const entries = Object.entries(catalogue) as [K, string][];
  const exact = new Map(entries.filter(([, text]) => !/\{\w+\}/.test(text)).map(([key, text]) => [text, key]));
  const templates = entries
    .filter(([, text]) => /\{\w+\}/.test(text))
    .map(([key, text]) => {
      const names: string[] = [];
      const source = escape(text).replace(/\\\{(\w+)\\\}/g, (_whole, name: string) => {
        names.push(name);
        return '([\\s\\S]+?)';
      });
      return { key, names, pattern: new RegExp(`^${source}$`), fixed: text.replace(/\{\w+\}/g, '').length };
    })
    .sort((a, b) => b.fixed - a.fixed);

  return (text) => {
    const key = exact.get(text);
    if (key !== undefined) return { key, values: {} };
    for (const { key, names, pattern } of templates) {
      const match = pattern.exec(text);
      if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
    }
    return null;
  };
}
