import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FaqEntry } from '@mawingu/contracts/faq';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

const faq: FaqEntry[] = [
  { ID: 1, tab: 'General', question: 'What can I buy?', answer: 'Virtual machines and SSL certificates.' },
  { ID: 2, tab: 'General', question: 'Referral bonus?', answer: 'Coming soon.' },
  { ID: 3, tab: 'Products', question: 'Refunds?', answer: 'No refund on a cancelled virtual machine.' },
  { ID: 4, tab: 'Profile', question: 'How do I log in?', answer: 'Login is by e-mail only.' },
];

function setup() {
  stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), 'faq/getFaq': ok(faq) });
  renderApp('/Faq');
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('FAQ page', () => {
  it('has the four tabs with their counts, each an accordion of questions', async () => {
    setup();
    await screen.findByRole('tab', { name: /General/ });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General2', 'Products1', 'Profile1', 'Contact0']);
    expect(tab(/General/).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'What can I buy?' }));
    expect(await screen.findByText('Virtual machines and SSL certificates.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it('filters across tabs as you type, with counts, and moves to a tab with results', async () => {
    setup();
    const search = await screen.findByPlaceholderText('Search by key words');
    await userEvent.type(search, 'e-mail');
    expect(screen.getByTestId('faq-match-count').textContent).toBe('1 question matches “e-mail”');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General0', 'Products0', 'Profile1', 'Contact0']);
    expect(tab(/Profile/).getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'How do I log in?' })).toBeTruthy();
  });

  it('shows "No data to display" when nothing matches', async () => {
    setup();
    await userEvent.type(await screen.findByPlaceholderText('Search by key words'), 'kubernetes');
    expect(screen.getByText('No data to display')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getAllByRole('tab')).toHaveLength(4);
  });
});
