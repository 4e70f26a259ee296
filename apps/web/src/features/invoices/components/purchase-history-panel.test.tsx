import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseHistoryRow } from '@mawingu/contracts/invoices';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';
import invoices from '../../../i18n/invoices/en.json';

function row(overrides: Partial<PurchaseHistoryRow>): PurchaseHistoryRow {
  return {
    ID: 1,
    vmName: 'mw-ubuntu-0011',
    aliasName: null,
    productName: 'Ubuntu Server 24.04 LTS',
    bankReference: 'VM Purchase',
    transactionID: 'GW-7781',
    transactionDate: '2026-11-05T10:00:00.000Z',
    currencyCode: 'ZAR',
    totalCost: '1150.00',
    charged: null,
    paymentMode: 'Ozow Payment',
    transactionStatus: 'Complete',
    updateID: null,
    isClone: 0,
    tempTblID: null,
    invoiceToken: 'inv_0123456789abcdefXYZ',
    creditNotes: [],
    ...overrides,
  };
}

const rows = [
  row({ ID: 1 }),
  row({
    ID: 2,
    vmName: 'mw-win-0012',
    transactionStatus: 'COMPLETED',
    invoiceToken: 'inv_legacy_completed_0001',
    paymentMode: 'Paypal Payment',
    currencyCode: 'USD',
    totalCost: '72.45',
  }),
  row({ ID: 3, vmName: 'mw-centos-0013', transactionStatus: 'Cancelled', transactionID: null, invoiceToken: null }),
  row({
    ID: 4,
    vmName: 'mw-kes-0014',
    transactionStatus: 'Created',
    transactionID: null,
    paymentMode: null,
    invoiceToken: null,
    currencyCode: 'KES',
  }),
];

/** A screen as wide as `wide` says, for the panel's media query. */
function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

function setup(api: FakeApi) {
  signInAs();
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'profileSetting/userProfileInfo': ok({ userDetails: {}, countryList: [] }),
    'virtualMachine/getUserVMs': ok([]),
    ...api,
  });
}

async function openHistory() {
  renderApp('/customerprofile/2');
  await userEvent.click(await screen.findByRole('tab', { name: 'Purchase History' }));
  return screen.findByRole('tabpanel', { name: 'Purchase History' });
}

describe('account page: Purchase History tab', () => {
  it('shows each purchase as a card on a phone, with the invoice link only for Complete and COMPLETED', async () => {
    screenIs(false);
    setup({ 'virtualMachine/getPurchaseHistory': ok(rows) });
    const panel = await openHistory();
    const [paid, legacy, cancelled, created] = await within(panel).findAllByTestId('history-row');

    // The VM's name heads the card, with its product under it (two VMs of one product differ by name).
    expect(within(paid!).getByRole('heading', { name: /^mw-ubuntu-0011/ }).textContent).toContain('Ubuntu Server 24.04 LTS');
    for (const text of ['VM Purchase', 'GW-7781', 'ZAR 1,150.00', 'Ozow Payment', 'Complete']) expect(paid!.textContent).toContain(text);
    expect(paid!.textContent).toMatch(/0[56] Nov, 2026/);
    const link = within(paid!).getByRole('link', { name: /^View invoice for mw-ubuntu-0011/ });
    expect(link.getAttribute('href')).toBe('/DownloadInvoice/inv_0123456789abcdefXYZ');
    expect(link.getAttribute('target')).toBe('_blank');

    expect(
      within(legacy!)
        .getByRole('link', { name: /^View invoice for mw-win-0012/ })
        .getAttribute('href'),
    ).toBe('/DownloadInvoice/inv_legacy_completed_0001');
    expect(within(cancelled!).queryByRole('link')).toBeNull();
    expect(within(cancelled!).getByText('Cancelled')).toBeTruthy();
    expect(within(created!).queryByRole('link')).toBeNull();
    expect(within(created!).getByText('Created')).toBeTruthy();
  });

  it('shows a table with the spec’s columns on a wide screen', async () => {
    screenIs(true);
    setup({ 'virtualMachine/getPurchaseHistory': ok(rows) });
    const panel = await openHistory();
    const table = await within(panel).findByRole('table', { name: 'Your purchases' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['VM Name', 'Purchase Type', 'Transaction ID', 'Date', 'Currency', 'Total', 'Payment Mode', 'Status']);
    expect(within(table).getAllByRole('link', { name: /^View invoice/ })).toHaveLength(2);
  });

  it('links each credit note of the invoice beside it, on a phone and on a wide screen', async () => {
    const credited = row({
      ID: 5,
      creditNotes: [
        {
          serialNumber: 'CN-1',
          token: 'cn_token_0123456789abcdef',
          total: '575.00',
          issuedAt: '2026-11-20T10:00:00.000Z',
          refunded: '575.00',
        },
        { serialNumber: 'CN-2', token: 'cn_token_fedcba9876543210', total: '100.00', issuedAt: '2026-11-21T10:00:00.000Z', refunded: null },
      ],
    });
    for (const wide of [false, true]) {
      screenIs(wide);
      setup({ 'virtualMachine/getPurchaseHistory': ok([credited, rows[2]!]) });
      const panel = await openHistory();
      const [paid, cancelled] = await within(panel).findAllByTestId('history-row');
      // On a phone inside the purchase's card; on a wide screen on a line of its own under it.
      const holder = wide ? within(panel).getByTestId('history-row-credit-notes') : paid!;
      expect(holder.previousElementSibling === paid || !wide).toBe(true);
      const first = within(holder).getByRole('link', { name: 'View credit note CN-1 of ZAR 575.00 (opens in a new window)' });
      expect(first.getAttribute('href')).toBe('/DownloadCreditNote/cn_token_0123456789abcdef');
      expect(first.getAttribute('target')).toBe('_blank');
      expect(first.textContent).toContain('(refunded)');
      const second = within(holder).getByRole('link', { name: /^View credit note CN-2/ });
      expect(second.textContent).not.toContain('refunded');
      expect(within(cancelled!).queryByTestId('credit-notes')).toBeNull();
      expect(within(panel).getAllByTestId('credit-notes')).toHaveLength(1);
      document.body.innerHTML = '';
    }
  });

  it('shows the spec’s empty text', async () => {
    setup({ 'virtualMachine/getPurchaseHistory': ok([]) });
    const panel = await openHistory();
    expect(await within(panel).findByText('No data to display')).toBeTruthy();
  });

  it('keeps the spec’s English texts word for word', () => {
    for (const [key, text] of Object.entries(invoices.spec)) expect(text, key).toBe(messages[key as keyof typeof messages]);
  });
});
