import { describe, expect, it } from 'vitest';
import { looksLikeHtml, plainText } from './plain-text.ts';

// sanitizeHtml (sanitize-html.ts) is checked in Chromium (e2e/journeys/content.e2e.ts): happy-dom's DOM lets DOMPurify
// keep <script> and onerror, so a test here would only test happy-dom.

describe('plainText', () => {
  it('reads text out of HTML without running it, keeping words apart', () => {
    expect(plainText('<p>One</p><p>Two <script>evil()</script></p><ul><li>a</li><li>b</li></ul>')).toBe('One Two a b');
  });
  it('collapses the whitespace of plain text', () => {
    expect(plainText('  a\n\n  b  ')).toBe('a b');
  });
  it('tells HTML from text that merely has a < sign', () => {
    expect(looksLikeHtml('2 < 3 and 5 > 4')).toBe(false);
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
  });
});
