import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { storePendingPayment } from '../../../lib/storage/pending-payment.ts';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';
import payments from '../../../i18n/payments/en.json';

function setup(api: FakeApi = {}) {
  signInAs();
  return stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
}

const transactionBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/api/virtualMachine/transactionApi'))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const statusCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/api/virtualMachine/getOrderPaymentStatus'))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

function orderStatus(
  transactionStatus: 'Complete' | 'Pending' | 'Error',
  invoiceToken: string | null = null,
  kind = 1,
  backupKind: 'clone' | 'snapshot' | null = null,
) {
  return ok({
    transactionStatus,
    orderID: 41,
    kind,
    backupKind,
    transactionID: transactionStatus === 'Complete' ? 'GW-7781' : null,
    productID: 7,
    updateID: null,
    isClone: 0,
    invoiceToken,
    paymentMode: 'Ozow Payment',
  });
}
const NOT_FOUND = { status: 404, message: 'Order not found', data: null };

describe('success page', () => {
  it('asks the API and, for the viewer’s own paid order, shows the spec’s texts, View Purchase and View Invoice in a new window', async () => {
    const fetchMock = setup({ 'virtualMachine/getOrderPaymentStatus': orderStatus('Complete', 'inv_0123456789abcdefXYZ') });
    renderApp('/PurchaseSuccessful?order=41&invoice=inv_forged');
    expect(await screen.findByRole('heading', { name: 'Your Purchase is successful !!' })).toBeTruthy();
    expect(screen.getByText('Your order id is: 41')).toBeTruthy();
    expect(statusCalls(fetchMock)).toEqual([{ orderID: 41 }]);
    // View Purchase opens the account at its tabs (the Products list), past the profile form.
    expect(screen.getByRole('link', { name: 'View Purchase' }).getAttribute('href')).toBe('/customerprofile/2#tabs');
    expect(screen.getByText(payments.successful.done.new)).toBeTruthy();
    // The invoice is the one the API gave, not the address's.
    const invoice = screen.getByRole('link', { name: 'View Invoice (opens in a new window)' });
    expect(invoice.getAttribute('href')).toBe('/DownloadInvoice/inv_0123456789abcdefXYZ');
    expect(invoice.getAttribute('target')).toBe('_blank');
  });

  it.each([
    [2, 'clone', 'Your clone is being made and appears under Backup within a few moments.'],
    [2, 'snapshot', 'Your snapshot is being taken and appears under Backup within a few moments.'],
    [3, null, 'Your renewal is being applied: the new end date shows under Products within a few moments.'],
    [4, null, payments.successful.done.update],
    [5, null, payments.successful.done.multiRenew],
  ] as const)('says what a paid order of kind %i (%s) sets going, not that a VM is being prepared', async (kind, backup, text) => {
    setup({ 'virtualMachine/getOrderPaymentStatus': orderStatus('Complete', null, kind, backup) });
    renderApp('/PurchaseSuccessful?order=41');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(payments.successful.done.new)).toBeNull();
  });

  it('says where the invoice will be when it is not issued yet', async () => {
    setup({ 'virtualMachine/getOrderPaymentStatus': orderStatus('Complete') });
    renderApp('/PurchaseSuccessful?order=41');
    expect(await screen.findByText('Your order id is: 41')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View Invoice/ })).toBeNull();
    expect(screen.getByText(/You will find it in your purchase history/)).toBeTruthy();
  });

  it('another customer’s order (404): no success, no order id, no invoice — a neutral page', async () => {
    setup({ 'virtualMachine/getOrderPaymentStatus': NOT_FOUND });
    renderApp('/PurchaseSuccessful?order=1&invoice=inv_someone_elses');
    expect(await screen.findByRole('heading', { name: payments.successful.notFoundTitle })).toBeTruthy();
    expect(screen.queryByText(/successful !!/)).toBeNull();
    expect(screen.queryByText(/Your order id is/)).toBeNull();
    expect(screen.queryByRole('link', { name: /View Invoice/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Purchase' }).getAttribute('href')).toBe('/customerprofile/2#tabs');
  });

  it('a bare address asks nothing and claims nothing', async () => {
    const fetchMock = setup();
    renderApp('/PurchaseSuccessful');
    expect(await screen.findByRole('heading', { name: payments.successful.notFoundTitle })).toBeTruthy();
    expect(screen.queryByText(/successful !!/)).toBeNull();
    expect(statusCalls(fetchMock)).toEqual([]);
  });

  it('the viewer’s order not paid yet: the pending text, no success', async () => {
    setup({ 'virtualMachine/getOrderPaymentStatus': orderStatus('Pending') });
    renderApp('/PurchaseSuccessful?order=41');
    expect(await screen.findByRole('heading', { name: messages.paymentPending })).toBeTruthy();
    expect(screen.queryByText(/Your order id is/)).toBeNull();
  });

  it('an order that failed is not shown as successful', async () => {
    setup({ 'virtualMachine/getOrderPaymentStatus': orderStatus('Error') });
    renderApp('/PurchaseSuccessful?order=41');
    expect(await screen.findByRole('heading', { name: payments.successful.notFoundTitle })).toBeTruthy();
    expect(screen.queryByText(/successful !!/)).toBeNull();
  });
});

describe('failure page', () => {
  it('reports a PayPal payment as cancelled once, shows the spec’s text and leads back to the product', async () => {
    storePendingPayment({ orderId: 41, kind: 1, reference: 'MW-41-p1', paymentMode: 'Paypal Payment', productId: 7 });
    const fetchMock = setup({
      'virtualMachine/transactionApi': ok({
        transactionStatus: 'Cancelled',
        orderID: 41,
        kind: 1,
        transactionID: null,
        productID: 7,
        updateID: null,
        isClone: 0,
        invoiceToken: null,
        paymentMode: 'Paypal Payment',
      }),
    });
    renderApp('/PurchaseFailed');
    expect(await screen.findByText('We can not process your request. payment gateway failure')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/productdetails/7');
    await waitFor(() =>
      expect(transactionBodies(fetchMock)).toEqual([
        { orderId: 41, TransactionReference: 'MW-41-p1', paymentMode: 'Paypal Payment', status: 'cancelled' },
      ]),
    );
  });

  it('reports nothing for other gateways and shows the server’s words as an error toast', async () => {
    storePendingPayment({ orderId: 41, kind: 1, reference: 'MW-41-f1', paymentMode: 'PayFast Payment', productId: 7 });
    const fetchMock = setup();
    const { router } = renderApp('/home');
    await router.navigate('/PurchaseFailed', { state: { message: 'The gateway declined the card' } });
    expect(await screen.findByText('We can not process your request. payment gateway failure')).toBeTruthy();
    expect(await screen.findByText('The gateway declined the card')).toBeTruthy();
    expect(transactionBodies(fetchMock)).toEqual([]);
  });

  it('leads to the marketplace when the product is not known', async () => {
    setup();
    renderApp('/PurchaseFailed');
    expect((await screen.findByRole('link', { name: 'Back to the marketplace' })).getAttribute('href')).toBe('/marketplace/all');
  });
});

describe('manual gateway forms', () => {
  it.each(['/OZOWPaymentform', '/payment'])('%s says honestly that it takes no payment and leads home', async (path) => {
    setup();
    renderApp(path);
    expect(await screen.findByText('No payment is taken here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });
});

// i18next writes placeholders as {{name}}, the contracts as {name}.
const asContract = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');

describe('payments spec texts', () => {
  it('keeps the English texts word for word', () => {
    for (const [key, text] of Object.entries(payments.spec)) {
      expect(asContract(text), key).toBe(messages[key as keyof typeof messages]);
    }
  });
});
