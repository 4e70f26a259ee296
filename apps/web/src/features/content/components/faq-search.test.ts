import { describe, expect, it } from 'vitest';
import type { FaqEntry } from '@mawingu/contracts/faq';
import { countByTab, filterFaq, visibleTab } from './faq-search.ts';

const entries: FaqEntry[] = [
  { ID: 1, tab: 'General', question: 'What can I buy?', answer: 'Virtual machines and SSL certificates.' },
  { ID: 2, tab: 'Products', question: 'Refunds?', answer: 'No refund on a cancelled virtual machine.' },
  { ID: 3, tab: 'Profile', question: 'How do I log in?', answer: 'Login is by e-mail only.' },
];

describe('FAQ search', () => {
  it('keeps everything for an empty search', () => {
    expect(filterFaq(entries, '   ')).toEqual(entries);
  });

  it('matches every word, in question or answer, ignoring case', () => {
    expect(filterFaq(entries, 'VIRTUAL').map((e) => e.ID)).toEqual([1, 2]);
    expect(filterFaq(entries, 'virtual refund').map((e) => e.ID)).toEqual([2]);
    expect(filterFaq(entries, 'kubernetes')).toEqual([]);
  });

  it('counts per tab and moves to a tab that has results', () => {
    const counts = countByTab(filterFaq(entries, 'e-mail'));
    expect(counts).toEqual({ General: 0, Products: 0, Profile: 1, Contact: 0 });
    expect(visibleTab('General', counts)).toBe('Profile');
    expect(visibleTab('Profile', counts)).toBe('Profile');
    expect(visibleTab('Contact', countByTab([]))).toBe('Contact');
  });
});
