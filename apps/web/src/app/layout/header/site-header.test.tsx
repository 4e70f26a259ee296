import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import defaultLogo from '../../../assets/default-logo.svg';
import { renderApp } from '../../../../test/render-app.tsx';
import { openNavMenu } from '../../../../test/open-nav-menu.ts';
import { makeConfiguration, ok, stubApi, stubHealthySite } from '../../../../test/fake-api.ts';

async function mainNav() {
  return (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
}

describe('site header', () => {
  it('shows the configured logo, links it home, and offers Register / Log In', async () => {
    stubHealthySite({ companyName: 'Testa Cloud', imagePath: 'https://cdn.example.test/testa-logo.png' });
    renderApp('/home');

    const logo = await screen.findByRole('img', { name: /Testa Cloud/ });
    expect(logo).toHaveProperty('src', 'https://cdn.example.test/testa-logo.png');
    expect(logo.getAttribute('width')).toBe('170');
    expect(logo.getAttribute('height')).toBe('60');
    expect(logo.closest('a')?.getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Register / Log In' }).getAttribute('href')).toBe('/customerlogin');
  });

  it('hides www and Benefits when the configuration has none', async () => {
    stubHealthySite({ wwwUrl: '' }, []);
    renderApp('/home');
    await screen.findByRole('img', { name: /Testa Cloud/ });

    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Marketplace' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news');
    expect(within(nav).queryByRole('link', { name: /www/ })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Benefits' })).toBeNull();
  });

  it('shows www as an external link and the Benefits items opening in a new tab', async () => {
    stubHealthySite({ wwwUrl: 'www.testa.example.test' }, [
      { menuName: 'Partner perks', redirectURL: 'https://perks.example.test/' },
      { menuName: 'Bad link', redirectURL: 'javascript:alert(1)' },
    ]);
    renderApp('/home');

    const nav = await mainNav();
    const www = await within(nav).findByRole('link', { name: /www/ });
    expect(www.getAttribute('href')).toBe('https://www.testa.example.test/');
    expect(www.getAttribute('target')).toBe('_blank');

    const items = await openNavMenu('Benefits');
    const item = items.find((entry) => entry.textContent === 'Partner perks')!;
    expect(item.getAttribute('href')).toBe('https://perks.example.test/');
    expect(item.getAttribute('target')).toBe('_blank');
    expect(item.getAttribute('rel')).toContain('noopener');
    // A menu entry with an unsafe address is left out rather than rendered as a script link.
    expect(items.map((entry) => entry.textContent)).toEqual(['Partner perks']);
  });

  it('lists Partner Cloud Services under Marketplace and hides Products And Services without product-service data', async () => {
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration({ bannerMessage: '' })),
      getDropdownList: ok([]),
      'home/getProductServices': ok([], 'No products or services are available yet.'),
    });
    renderApp('/home');
    const partner = (await openNavMenu('Marketplace')).find((entry) => entry.textContent === 'Partner Cloud Services')!;
    expect(partner.getAttribute('href')).toBe('/partnerCloudServices');
    expect(screen.queryByText('Products And Services')).toBeNull();
  });

  it('lists the business units under Products And Services, each linking to its page without slashes', async () => {
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration({ bannerMessage: '' })),
      getDropdownList: ok([]),
      'home/getProductServices': ok([
        { ID: 1, businessName: 'Virtual Machines', description: '', imagePath: null, serviceOption: 'CloudService' },
        { ID: 2, businessName: 'Domains/DNS', description: '', imagePath: null, serviceOption: 'SendEmailForEnquiry' },
      ]),
    });
    renderApp('/home');
    // The home page's cards come from the same call: once they show, the menu has its data.
    await screen.findByRole('link', { name: 'Explore Virtual Machines' }, { timeout: 5000 });
    const items = await openNavMenu('Marketplace');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Virtual Machines', '/businessunit/Virtual%20Machines'],
      ['Domains/DNS', '/businessunit/DomainsDNS'],
      ['Partner Cloud Services', '/partnerCloudServices'],
      ['Explore Marketplace', '/marketplace/all'],
    ]);
    expect(screen.getByText('Products And Services')).toBeTruthy();
    // Home's sections render one per idle turn: on a busy machine that outlasts the default 5 s.
  }, 15_000);

  it('uses the default logo when there is no configuration', async () => {
    stubApi({ getCompanyConfiguration: { status: 404, message: 'Company not registered yet', data: null } });
    renderApp('/home');
    const logo = await screen.findByRole('img', { name: 'Home' });
    expect(logo.getAttribute('src')).toBe(defaultLogo);
  });

  it('shows a skeleton header, not a blank page, while the configuration loads', async () => {
    stubApi({ getCompanyConfiguration: () => new Promise(() => {}), getDropdownList: ok([]) });
    renderApp('/home');
    expect(screen.getByTestId('header-skeleton')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('img', { name: /Testa/ })).toBeNull());
  });

  it('uses the logo stored from the last visit while the configuration reloads', async () => {
    window.localStorage.setItem(
      'companyConfiguration',
      JSON.stringify((await import('../../../../test/fake-api.ts')).makeConfiguration({ companyName: 'Stored Co' })),
    );
    stubApi({ getCompanyConfiguration: () => new Promise(() => {}), getDropdownList: ok([]) });
    renderApp('/home');
    expect(await screen.findByRole('img', { name: /Stored Co/ })).toBeTruthy();
  });
});
