import type { NewsItem } from '@mawingu/contracts/news';
import { plainText } from '../../lib/plain-text.ts';

/** Spec section 9: a card offers "Read More" from 142 characters of content (whitespace removed). */
export const READ_MORE_MIN_CHARS = 142;

/** True when the card cannot show the whole item: long content (as read, not as markup) or links. */
export function needsReadMore(item: Pick<NewsItem, 'newsContent' | 'newsLinks'>): boolean {
  return plainText(item.newsContent).replace(/\s/g, '').length >= READ_MORE_MIN_CHARS || item.newsLinks.length > 0;
}
