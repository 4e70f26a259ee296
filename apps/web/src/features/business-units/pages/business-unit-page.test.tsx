import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductDetails, ProductServiceCard } from '@mawingu/contracts/product-services';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';

const units: ProductServiceCard[] = [
  { ID: 1, businessName: 'Virtual Machines', description: 'VMs', imagePath: null, serviceOption: 'CloudService' },
  { ID: 2, businessName: 'SSL Certificates', description: 'Certificates', imagePath: null, serviceOption: 'SendEmailForEnquiry' },
  { ID: 3, businessName: 'Microsoft Licences', description: 'Licences', imagePath: null, serviceOption: 'RedirectionURL' },
  { ID: 4, businessName: 'Domains/DNS', description: 'Names', imagePath: null, serviceOption: 'SendEmailForEnquiry' },
];

function details(name: string): ProductDetails | null {
  const unit = units.find((u) => u.businessName.replaceAll('/', '').toLowerCase() === name.toLowerCase());
  if (!unit) return null;
  return {
    sideMenu: units.map((u) => ({ businessName: u.businessName })),
    businessData: {
      businessName: unit.businessName,
      description: `${unit.businessName} in Midrand and Nairobi.`,
      imagePath: null,
      serviceOption: unit.serviceOption,
      redirectUrl: unit.serviceOption === 'RedirectionURL' ? 'https://licences.example.test/ms' : '',
      cloudService:
        unit.serviceOption === 'CloudService'
          ? [{ ID: 9, cloudTitle: 'Cloud Servers', description: 'General purpose', imagePath: null, serviceName: 'virtualmachine' }]
          : [],
    },
  };
}

function stubSite(extra: Record<string, unknown> = {}) {
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration({ bannerMessage: '' })),
    getDropdownList: ok([]),
    'home/getProductServices': ok(units),
    'productServicesData/getProductDetails': (body) => {
      const found = details((body as { productName: string }).productName);
      return found ? ok(found) : { status: 404, message: 'Data Not Found', data: null };
    },
    ...(extra as Record<string, never>),
  });
}

describe('a business unit page', () => {
  it('CloudService: breadcrumb, name, description, side menu and cards whose Proceed opens the marketplace section', async () => {
    stubSite();
    renderApp('/businessUnit/Virtual%20Machines');
    expect(await screen.findByText('Virtual Machines in Midrand and Nairobi.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Virtual Machines' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    const menu = screen.getByRole('navigation', { name: 'Products And Services' });
    expect(within(menu).getByRole('link', { name: 'Virtual Machines' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Domains/DNS' }).getAttribute('href')).toBe('/businessunit/DomainsDNS');
    expect(screen.getByRole('link', { name: 'Proceed to Cloud Servers' }).getAttribute('href')).toBe('/marketplace/virtualmachine');
    expect(window.localStorage.getItem('businessName')).toBe('Virtual Machines');
  });

  it('RedirectionURL: "Click Here Know More" opens the address in a new tab', async () => {
    stubSite();
    renderApp('/businessunit/Microsoft%20Licences');
    const link = await screen.findByRole('link', { name: /Click Here Know More/ }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('https://licences.example.test/ms');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('SendEmailForEnquiry: the spec’s messages, then "Your request have been submitted!"', async () => {
    const sent: unknown[] = [];
    stubSite({
      'productServicesData/sendQueryMail': (body: unknown) => {
        sent.push(body);
        return ok(null, 'Your request have been submitted!');
      },
    });
    renderApp('/businessunit/DomainsDNS');
    const form = within(await screen.findByRole('region', { name: 'Send us an enquiry' }, { timeout: 5000 }));
    const productService = form.getByLabelText(/Product service/) as HTMLInputElement;
    expect(productService.value).toBe('Domains/DNS');
    await userEvent.clear(productService);
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    expect(await form.findByText('Name required')).toBeTruthy();
    expect(form.getByText('Email required')).toBeTruthy();
    expect(form.getByText('Product Service required')).toBeTruthy();
    expect(form.getByText('Description required')).toBeTruthy();

    await userEvent.type(form.getByLabelText(/Name/), 'Wanjiru Kamau');
    await userEvent.type(form.getByLabelText(/E-mail/), 'wanjiru@example');
    await userEvent.type(productService, 'Domains');
    await userEvent.type(form.getByLabelText(/Description/), 'Ten .co.ke names, please.');
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    expect(await form.findByText('Please enter a valid Email')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(form.getByLabelText(/E-mail/));
    await userEvent.type(form.getByLabelText(/E-mail/), 'wanjiru@example.co.ke');
    await userEvent.click(form.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your request have been submitted!')).toBeTruthy();
    expect(sent).toEqual([
      {
        name: 'Wanjiru Kamau',
        emailID: 'wanjiru@example.co.ke',
        productService: 'Domains',
        queryData: 'Ten .co.ke names, please.',
        websiteUrl: window.location.origin,
      },
    ]);
    await waitFor(() => expect((form.getByLabelText(/Name/) as HTMLInputElement).value).toBe(''));
  });

  it('an unknown unit shows "Data Not Found" with the menu of the others', async () => {
    stubSite();
    renderApp('/businessunit/Nothing');
    expect(await screen.findByText('Data Not Found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Nothing' })).toBeTruthy();
    const menu = await screen.findByRole('navigation', { name: 'Products And Services' });
    expect(within(menu).getAllByRole('link')).toHaveLength(4);
  });
});
