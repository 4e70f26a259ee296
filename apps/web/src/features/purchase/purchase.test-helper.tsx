import { StrictMode } from 'react';
import { render } from '@testing-library/react';
// Tests only: the memory router of test/render-app.tsx, with history entries (state and key) of our own.
// eslint-disable-next-line no-restricted-imports
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OrderDetail, VmProductDetails } from '@mawingu/contracts/purchase';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../test/fake-api.ts';
import { signInAs } from '../../../test/session.ts';
import { AppProviders } from '../../app/app-providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { routes } from '../../app/routes.tsx';

/** A ZAR product sold in South Africa (three gateways) and Kenya-free Namibia (one), with RAM → CPU ranges and discounts. */
export function makeProductDetails(overrides: Partial<VmProductDetails> = {}): VmProductDetails {
  return {
    productid: 7,
    VMProductDetail: {
      ID: 7,
      productName: 'Ubuntu Server 24.04 LTS',
      description: 'Ubuntu on fast NVMe storage.',
      vm_Cost: '769.99',
      vm_RAM_Count: 4,
      vm_RAM_Unit: 'GB',
      vm_CPU_Count: 2,
      vm_Driver_Count: 40,
      vm_Driver_Unit: 'GB',
      vm_currency: 'ZAR',
      osType: 'Ubuntu',
      taxValue: '15.00',
      serviceType: 'scaleComputing',
      serviceCategory: 'Virtual Machine',
      imagePath: null,
      isGoldCopy: 0,
    },
    vmSpec: [
      {
        specificationName: 'Processor',
        specificationUnit: 'vCPU',
        specificationCount: 2,
        minValue: 1,
        maxValue: 16,
        size: 1,
        costPerUnit: '120.1250',
        totalCost: '240.25',
        sequence: 1,
        tax: '15.00',
      },
      {
        specificationName: 'Memory',
        specificationUnit: 'GB',
        specificationCount: 4,
        minValue: 2,
        maxValue: 32,
        size: 2,
        costPerUnit: '60.3333',
        totalCost: '241.33',
        sequence: 2,
        tax: '15.00',
      },
      {
        specificationName: 'Disk',
        specificationUnit: 'GB',
        specificationCount: 40,
        minValue: 20,
        maxValue: 500,
        size: 10,
        costPerUnit: '1.4567',
        totalCost: '58.27',
        sequence: 3,
        tax: '15.00',
      },
    ],
    ramCpuDependecy: [
      { ramStartLimit: 2, ramEndLimit: 4, cpuCount: 2 },
      { ramStartLimit: 6, ramEndLimit: 8, cpuCount: 4 },
      { ramStartLimit: 10, ramEndLimit: 32, cpuCount: 8 },
    ],
    country: [
      {
        countryID: 1,
        countryName: 'South Africa',
        taxValue: '15.00',
        currency: 'ZAR',
        paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
      },
      { countryID: 3, countryName: 'Namibia', taxValue: '14.50', currency: 'ZAR', paymentGateway: ['Ozow Payment'] },
    ],
    timePeriod: [
      { TimePeriod: 30, label: '30 Days' },
      { TimePeriod: 90, label: '90 Days' },
      { TimePeriod: 365, label: '365 Days' },
    ],
    paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
    byPassflag: 0,
    discount: { ramDiscount: '5.00', diskDiscount: '0.00', cpuDiscount: '2.50' },
    microsoftLicense: 0,
    producttype: 'ubuntu',
    zarToUsdRate: '0.063',
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    orderID: 1042,
    transactionReference: '0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c',
    bankReference: 'VM Purchase',
    kind: 1,
    status: 'created',
    isGoldCopy: 0,
    productID: 7,
    vmName: 'ubuntu-server-1',
    aliasName: null,
    productName: 'Ubuntu Server 24.04 LTS',
    regionID: 1,
    regionName: 'South Africa',
    timePeriod: 90,
    currencyCode: 'ZAR',
    tax: '15.00',
    lines: [
      { name: 'Processor', unit: 'vCPU', count: 4, amount: '1441.50' },
      { name: 'Memory', unit: 'GB', count: 8, amount: '1448.00' },
      { name: 'Disk', unit: 'GB', count: 40, amount: '174.80' },
    ],
    cost: '3064.30',
    discount: '108.44',
    taxAmount: '459.65',
    arrears: '0.00',
    amount: '3415.51',
    totalsInUsd: null,
    paymentGateway: ['PayFast Payment'],
    paymentMode: 'PayFast Payment',
    byPassFlag: 0,
    microsoftLicense: 0,
    createdAt: '2026-11-21T09:30:00.000Z',
    ...overrides,
  };
}

/** A signed-in customer on the healthy demo site with these purchase calls answered. */
export function stubPurchaseApi(api: FakeApi) {
  signInAs();
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    ...api,
  });
}

type Entry = string | { pathname: string; state?: unknown; key?: string };

/** The whole app on a memory router at these history entries, optionally under React's StrictMode (as main.tsx renders it). */
export function renderAt(entries: Entry[], { index = entries.length - 1, strict = false }: { index?: number; strict?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: index });
  const queryClient = createQueryClient();
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, pathname: () => router.state.location.pathname };
}

/** The fetch calls made to one API path, with their parsed bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${path}`))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
