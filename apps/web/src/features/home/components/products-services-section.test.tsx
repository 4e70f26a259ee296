import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';

const site = { getCompanyConfiguration: ok(makeConfiguration({ bannerMessage: '' })), getDropdownList: ok([]) };

describe('Our Products & Services on home', () => {
  it('shows a card per business unit with Explore leading to its page', async () => {
    stubApi({
      ...site,
      'home/getProductServices': ok([
        {
          ID: 1,
          businessName: 'SSL Certificates',
          description: 'Certificates for your sites.',
          imagePath: null,
          serviceOption: 'SendEmailForEnquiry',
        },
      ]),
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Our Products & Services' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'SSL Certificates' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Certificates for your sites.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore SSL Certificates' }).getAttribute('href')).toBe('/businessunit/SSL%20Certificates');
  });

  it('shows the server message when there are no products', async () => {
    stubApi({ ...site, 'home/getProductServices': ok([], 'No products or services are available yet.') });
    renderApp('/home');
    expect(await screen.findByText('No products or services are available yet.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
