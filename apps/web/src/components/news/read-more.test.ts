import { describe, expect, it } from 'vitest';
import { needsReadMore, READ_MORE_MIN_CHARS } from './read-more.ts';

const item = (newsContent: string, newsLinks: string[] = []) => ({ newsContent, newsLinks });

describe('needsReadMore', () => {
  it('starts at 142 characters not counting whitespace', () => {
    expect(READ_MORE_MIN_CHARS).toBe(142);
    expect(needsReadMore(item('a'.repeat(141)))).toBe(false);
    expect(needsReadMore(item('a'.repeat(142)))).toBe(true);
    // 141 letters spread over many words and lines are still 141.
    expect(needsReadMore(item(`${'abc '.repeat(47)}\n\n`))).toBe(false);
  });

  it('counts the text of HTML content, not its markup', () => {
    expect(needsReadMore(item(`<p class="lead">${'a'.repeat(100)}</p>`))).toBe(false);
  });

  it('is always offered when the item has links', () => {
    expect(needsReadMore(item('Short.', ['https://example.com']))).toBe(true);
  });
});
