import { FAQ_TABS, type FaqEntry, type FaqTab } from '@mawingu/contracts/faq';

/** The words of a search, lower-cased; an empty search has none. */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Entries whose question or answer contains every word of the search (all entries for none). */
export function filterFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const words = searchWords(query);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.question} ${entry.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** How many of the entries sit on each tab. */
export function countByTab(entries: FaqEntry[]): Record<FaqTab, number> {
  const counts = Object.fromEntries(FAQ_TABS.map((tab) => [tab, 0])) as Record<FaqTab, number>;
  for (const entry of entries) counts[entry.tab] += 1;
  return counts;
}

/** The chosen tab, or the first tab with results when the chosen one has none (so a search shows its hits). */
export function visibleTab(chosen: FaqTab, counts: Record<FaqTab, number>): FaqTab {
  if (counts[chosen] > 0) return chosen;
  return FAQ_TABS.find((tab) => counts[tab] > 0) ?? chosen;
}
