import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { renderApp } from '../../../../test/render-app.tsx';
import { stubHealthySite } from '../../../../test/fake-api.ts';

async function renderFooter() {
  stubHealthySite({
    companyName: 'Testa Cloud',
    facebook: 'https://facebook.example.test/testa',
    twitter: 'twitter.example.test/testa',
    instagram: '',
    youtube: 'NA',
    linkedIn: '',
    contactNo: '+27 11 000 0000',
    officeAddress: '1 Test Road',
    city: 'NA',
    country: 'South Africa',
  });
  renderApp('/home');
  const footer = await screen.findByRole('contentinfo');
  await within(footer).findByText('Testa Cloud');
  return footer;
}

describe('site footer', () => {
  it('shows the company name, the version label and the page links', async () => {
    const footer = await renderFooter();
    expect(within(footer).getByText(messages.versionLabel)).toBeTruthy();
    expect(messages.versionLabel).toBe('v2.4.33');
    const hrefs = Object.fromEntries(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(hrefs).toMatchObject({
      'About us': '/about',
      'T & C': '/termcondition',
      FAQ: '/Faq',
      'Privacy Policy': '/privacypolicy',
      Help: '/help',
      News: '/news',
      Marketplace: '/marketplace/all',
      'Partner Cloud Services': '/partnerCloudServices',
    });
  });

  it('links configured social networks in a new tab and marks the others "Link not available"', async () => {
    const footer = await renderFooter();

    const facebook = within(footer).getByRole('link', { name: 'Facebook' });
    expect(facebook.getAttribute('href')).toBe('https://facebook.example.test/testa');
    expect(facebook.getAttribute('target')).toBe('_blank');
    expect(facebook.getAttribute('rel')).toContain('noopener');
    expect(within(footer).getByRole('link', { name: 'Twitter' }).getAttribute('href')).toBe('https://twitter.example.test/testa');

    for (const name of ['Instagram', 'YouTube', 'LinkedIn']) {
      expect(within(footer).queryByRole('link', { name })).toBeNull();
    }
    const instagram = within(footer).getByRole('img', { name: `Instagram: ${messages.linkNotAvailable}` });
    await userEvent.hover(instagram);
    expect(await screen.findByText(messages.linkNotAvailable)).toBeTruthy();
  });

  it('shows the contact details with "NA" left blank', async () => {
    const footer = await renderFooter();
    expect(within(footer).getByText('+27 11 000 0000')).toBeTruthy();
    expect(within(footer).getByText('1 Test Road, South Africa')).toBeTruthy();
    expect(within(footer).queryByText(/NA/)).toBeNull();
  });
});
