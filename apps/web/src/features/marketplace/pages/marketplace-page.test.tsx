import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MarketplaceProducts, VmProductCard } from '@mawingu/contracts/catalog';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';

const card = (productID: number, productName: string, osType: string, extra: Partial<VmProductCard> = {}): VmProductCard => ({
  productID,
  productName,
  osType,
  imagePath: null,
  vm_RAM_Count: 4,
  vm_RAM_Unit: 'GB',
  vm_Driver_Count: 50,
  vm_Driver_Unit: 'GB',
  vm_CPU_Count: 2,
  vm_Cost: null,
  vm_Currency: 'ZAR',
  ...extra,
});

const catalogue: MarketplaceProducts = {
  VMProducts: [
    card(1, 'Ubuntu Server', 'ubuntu'),
    card(2, 'Windows Server', 'windows', { vm_RAM_Count: 8 }),
    card(3, 'K8s Node', 'kubernetes'),
  ],
  GoldVMData: [card(4, 'Ubuntu Build Box', 'ubuntu')],
  cloudData: [
    { ID: 1, cloudTitle: 'Partner Cloud', description: 'Hybrid setups', imagePath: null, websiteUrl: 'https://partner.example.test' },
  ],
  filterData: {
    operatingSystem: ['kubernetes', 'ubuntu', 'windows'],
    country: [{ regionID: 7, regionName: 'South Africa', currency: 'ZAR' }],
    ipType: ['Public IP'],
    specs: {
      processor: { max: 16, step: 1, unit: 'vCPU' },
      memory: { max: 64, step: 1, unit: 'GB' },
      disk: { max: 1000, step: 10, unit: 'GB' },
    },
    products: [
      { productID: 1, productName: 'Ubuntu Server', osType: 'ubuntu' },
      { productID: 2, productName: 'Windows Server', osType: 'windows' },
      { productID: 3, productName: 'K8s Node', osType: 'kubernetes' },
      { productID: 4, productName: 'Ubuntu Build Box', osType: 'ubuntu' },
    ],
  },
  serviceName: 'all',
};

function stubMarketplace(data: MarketplaceProducts = catalogue, extra: Record<string, unknown> = {}) {
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration({ bannerMessage: '' })),
    getDropdownList: ok([]),
    'marketPlace/getProducts': (body) => ok({ ...data, serviceName: (body as { serviceName: string }).serviceName }),
    ...(extra as Record<string, never>),
  });
}

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the marketplace', () => {
  it('shows VM cards with RAM, disk, CPU and OS, no price for visitors, and sends a visitor to log in', async () => {
    const fetchMock = stubMarketplace();
    renderApp('/marketplace/virtualmachine');
    const vms = await screen.findByRole('region', { name: /^Explore Virtual Machine/ }, { timeout: 5000 });
    const ubuntu = (await within(vms).findByRole('heading', { name: 'Ubuntu Server' })).closest('[data-testid="vm-card"]') as HTMLElement;
    expect(within(ubuntu).getByText('4 GB')).toBeTruthy();
    expect(within(ubuntu).getByText('50 GB')).toBeTruthy();
    expect(within(ubuntu).getByText('2')).toBeTruthy();
    expect(ubuntu.querySelector('svg[data-os="ubuntu"]')).toBeTruthy();
    expect(within(ubuntu).getByText('Log in to see the price')).toBeTruthy();
    expect(within(ubuntu).queryByText(/^R\d/)).toBeNull();
    expect(within(ubuntu).getByRole('link', { name: 'Select Ubuntu Server' }).getAttribute('href')).toBe('/customerlogin');
    expect(within(section('Explore Custom Virtual Machines')).getByRole('heading', { name: 'Ubuntu Build Box' })).toBeTruthy();
    expect(within(section('Containers')).getByRole('heading', { name: 'K8s Node' })).toBeTruthy();
    // Listed once: under Containers, not also among the virtual machines.
    expect(within(vms).queryByRole('heading', { name: 'K8s Node' })).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'K8s Node' })).toHaveLength(1);
    expect(
      within(section('Clouds'))
        .getByRole('link', { name: /Visit website/ })
        .getAttribute('href'),
    ).toBe('https://partner.example.test/');
    const body = JSON.parse(fetchMock.mock.calls.find(([url]) => String(url).endsWith('marketPlace/getProducts'))![1]!.body as string);
    expect(body).toMatchObject({ serviceName: 'virtualmachine', websiteUrl: window.location.origin });
  });

  it('shows "Data Not Found" for empty product lists and "No data available" for no clouds', async () => {
    stubMarketplace({ ...catalogue, VMProducts: [], GoldVMData: [], cloudData: [] });
    renderApp('/marketplace/all');
    await screen.findByRole('region', { name: /^Explore Virtual Machine/ }, { timeout: 5000 });
    await waitFor(() => expect(within(section('Explore Virtual Machine')).getByText('Data Not Found')).toBeTruthy());
    expect(within(section('Explore Custom Virtual Machines')).getByText('Data Not Found')).toBeTruthy();
    expect(within(section('Clouds')).getByText('No data available')).toBeTruthy();
  });

  it('collapses and expands a section', async () => {
    stubMarketplace();
    renderApp('/marketplace/all');
    const toggle = await screen.findByRole('button', { name: /^Explore Virtual Machine/ }, { timeout: 5000 });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('Quick Search: an OS resets the VM choice and lists its products; Apply sends 0 for the rest; reset restores', async () => {
    const filterCalls: unknown[] = [];
    stubMarketplace(catalogue, {
      'marketPlace/getFilteredProducts': (body: unknown) => {
        filterCalls.push(body);
        return ok([{ VMProducts: [card(1, 'Ubuntu Server', 'ubuntu')], GoldVMData: [] }]);
      },
    });
    renderApp('/marketplace/all');
    // On a narrow window the filter sits behind a "Quick Search" toggle.
    await screen.findByRole('region', { name: /^Explore Virtual Machine/ }, { timeout: 5000 });
    const toggle = screen.queryByRole('button', { name: 'Quick Search' });
    if (toggle) await userEvent.click(toggle);
    const os = (await screen.findByLabelText('Operating system')) as HTMLSelectElement;
    const vm = screen.getByLabelText('Virtual machine') as HTMLSelectElement;

    await userEvent.selectOptions(vm, '2');
    expect(vm.value).toBe('2');
    await userEvent.selectOptions(os, 'ubuntu');
    expect(vm.value).toBe('');
    expect([...vm.options].map((o) => o.textContent)).toEqual(['Any', 'Ubuntu Server', 'Ubuntu Build Box']);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(filterCalls).toHaveLength(1));
    expect(filterCalls[0]).toEqual({
      operatingSystem: 'ubuntu',
      virtualMachine: 0,
      processor: 0,
      memory: 0,
      disk: 0,
      region: 0,
      IPType: 0,
      serviceName: 'all',
      websiteUrl: window.location.origin,
    });
    await waitFor(() => expect(within(section('Explore Virtual Machine')).queryByRole('heading', { name: 'Windows Server' })).toBeNull());
    expect(screen.getByText('Quick Search applied: 1 matching product')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(os.value).toBe('');
    expect(await within(section('Explore Virtual Machine')).findByRole('heading', { name: 'Windows Server' })).toBeTruthy();
  });

  it('Explore Domain: checks the name with .com and shows "This Domain is already taken."', async () => {
    const asked: unknown[] = [];
    stubMarketplace(catalogue, {
      'marketplace/checkDomain': (body: { domainName: string }) => {
        asked.push(body.domainName);
        return { status: 409, message: 'This Domain is already taken.', data: { domainName: 'mawingu.com', available: false } };
      },
    });
    renderApp('/marketplace/all');
    const input = await screen.findByLabelText(/Domain name/, {}, { timeout: 5000 });
    await userEvent.type(input, '-bad');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen')).toBeTruthy();
    expect(asked).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'Mawingu');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This Domain is already taken.')).toBeTruthy();
    expect(screen.getByText('mawingu.com')).toBeTruthy();
    expect(asked).toEqual(['mawingu']);
  });

  it('Explore Domain says plainly when the registry gave no answer, never "available"', async () => {
    stubMarketplace(catalogue, {
      'marketplace/checkDomain': () => ({
        status: 503,
        message: 'The domain check is not available right now. Please try again later.',
        data: null,
      }),
    });
    renderApp('/marketplace/all');
    const input = await screen.findByLabelText(/Domain name/, {}, { timeout: 5000 });
    await userEvent.type(input, 'google');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('We could not find out whether google.com is free')).toBeTruthy();
    expect(screen.getByText('The domain check is not available right now. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('This Domain is available.')).toBeNull();
  });
});
