import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionResult, TransactionStatus } from '@mawingu/contracts/payments';
import { AppProviders } from '../../../app/app-providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { routes } from '../../../app/routes.tsx';
import { readPendingLicence, readPendingPayment, storePendingLicence, storePendingPayment } from '../../../lib/storage/pending-payment.ts';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';
import { CLEAR_PENDING_AFTER_MS, resetSettledPayments } from '../settle-payment.ts';
import { PENDING_MAX_POLLS, PENDING_POLL_MS } from '../use-transaction-result.ts';

const TOKEN = 'inv_0123456789abcdefXYZ';

function result(transactionStatus: TransactionStatus, overrides: Partial<TransactionResult> = {}): TransactionResult {
  return {
    transactionStatus,
    orderID: 41,
    kind: 1,
    transactionID: transactionStatus === 'Complete' ? 'GW-7781' : null,
    productID: 7,
    updateID: null,
    isClone: 0,
    invoiceToken: transactionStatus === 'Complete' ? TOKEN : null,
    paymentMode: 'Ozow Payment',
    ...overrides,
  };
}

function setup(api: FakeApi) {
  signInAs();
  return stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
}

type FetchMock = ReturnType<typeof stubApi>;
const callsTo = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/virtualMachine/${path}`));
const bodiesOf = (fetchMock: FetchMock, path: string) =>
  callsTo(fetchMock, path).map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => {
  resetSettledPayments();
  window.sessionStorage.clear();
});

describe('payment result pages', () => {
  it('Ozow: posts every return field once to transactionApi and shows the success view, then the success page', async () => {
    const fetchMock = setup({
      'virtualMachine/transactionApi': ok(result('Complete')),
      'virtualMachine/getOrderPaymentStatus': ok(result('Complete')),
    });
    const query =
      'SiteCode=TST-TST-15&TransactionId=7d1f&TransactionReference=MW-41-a1&Amount=1150.00&Status=Complete&Optional1=41&Optional2=1' +
      '&CurrencyCode=ZAR&IsTest=true&StatusMessage=Approved&Hash=ab12cd';
    const { router } = renderApp(`/transaction-status/1?${query}`);

    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText('Your order id is: 41')).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApi')).toEqual([
      {
        SiteCode: 'TST-TST-15',
        TransactionId: '7d1f',
        TransactionReference: 'MW-41-a1',
        Amount: '1150.00',
        Status: 'Complete',
        Optional1: '41',
        Optional2: '1',
        CurrencyCode: 'ZAR',
        IsTest: 'true',
        StatusMessage: 'Approved',
        Hash: 'ab12cd',
        paymentMode: 'Ozow Payment',
      },
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(await screen.findByText('Your Purchase is successful !!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/PurchaseSuccessful');
    expect(router.state.location.search).toBe(`?order=41&invoice=${TOKEN}`);
    expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(1);
  });

  it('goes on to the success page by itself after the success view', async () => {
    setup({ 'virtualMachine/transactionApi': ok(result('Complete')), 'virtualMachine/getOrderPaymentStatus': ok(result('Complete')) });
    const { router } = renderApp('/transaction-status/1?TransactionReference=MW-41-a1&Status=Complete&Hash=ab');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(await screen.findByText('Your Purchase is successful !!', undefined, { timeout: 6000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/PurchaseSuccessful');
  });

  it('bypass: confirms the stored order with byPass 1, using the call of the purchase kind', async () => {
    storePendingPayment({ orderId: 52, kind: 3, reference: 'MW-52-b2', paymentMode: 'Bypass', productId: null });
    const fetchMock = setup({ 'virtualMachine/transactionApiForRenewVm': ok(result('Complete', { orderID: 52, kind: 3 })) });
    renderApp('/transaction-status/3');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApiForRenewVm')).toEqual([
      { orderId: 52, TransactionReference: 'MW-52-b2', paymentMode: 'Bypass', byPass: 1 },
    ]);
    expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(0);
  });

  it.each([
    [2, 'transactionApiForCloneVM'],
    [4, 'transactionApiForUpdateVm'],
    [5, 'transactionApiForMultipleRenew'],
  ])('kind %i posts to %s', async (kind, call) => {
    storePendingPayment({ orderId: 53, kind, reference: 'MW-53-c3', paymentMode: 'Bypass', productId: null });
    const fetchMock = setup({ [`virtualMachine/${call}`]: ok(result('Complete', { orderID: 53, kind })) });
    renderApp(`/transaction-status/${kind}`);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(callsTo(fetchMock, call)).toHaveLength(1);
  });

  it('shows the Failed view on Error, with the way back to the product and to support', async () => {
    setup({ 'virtualMachine/transactionApi': ok(result('Error')) });
    renderApp('/transaction-status/1?TransactionReference=MW-41-a1&Status=Error&Hash=ab');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText(/within 5 to 7 business days/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the product' }).getAttribute('href')).toBe('/productdetails/7');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/customerprofile/1');
  });

  it('shows the Failed view with the server’s message when the update is refused', async () => {
    setup({
      'virtualMachine/transactionApi': {
        status: 400,
        message: 'This order can no longer be paid. Please start a new purchase.',
        data: null,
      },
    });
    renderApp('/transaction-status/1?TransactionReference=MW-nope&Hash=ab');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(screen.getByText('This order can no longer be paid. Please start a new purchase.')).toBeTruthy();
  });

  it('another customer’s payment (404) is not a failed payment of the viewer’s: a neutral page naming no order', async () => {
    setup({ 'virtualMachine/transactionApi': { status: 404, message: 'Order not found', data: null } });
    renderApp('/transaction-status/1?TransactionReference=MW-someone-else&Hash=ab');
    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.getByText('Order not found')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment failed' })).toBeNull();
  });

  it('a bare address: nothing to confirm, neither failed nor successful, without a call', async () => {
    const fetchMock = setup({});
    renderApp('/transaction-status/1');
    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.getByText(/This page has no payment to confirm/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment failed' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('transactionApi'))).toBe(false);
  });

  it('PayPal: posts the token and payer, and a cancelled return shows the Cancelled view', async () => {
    const fetchMock = setup({ 'virtualMachine/transactionApi': ok(result('Cancelled', { paymentMode: 'Paypal Payment' })) });
    renderApp('/transaction-status-paypal/MW-41-p1/1?cancelled=1&token=5O190127TN364715T');
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApi')).toEqual([
      { TransactionReference: 'MW-41-p1', token: '5O190127TN364715T', paymentMode: 'Paypal Payment', status: 'cancelled' },
    ]);
    expect(screen.getByRole('link', { name: 'Back to the product' }).getAttribute('href')).toBe('/productdetails/7');
  });

  it('PayPal: an approved return posts token and PayerID without a status', async () => {
    const fetchMock = setup({ 'virtualMachine/transactionApiForUpdateVm': ok(result('Complete', { kind: 4 })) });
    renderApp('/transaction-status-paypal/MW-41-p1/4?token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApiForUpdateVm')).toEqual([
      { TransactionReference: 'MW-41-p1', token: '5O190127TN364715T', PayerID: 'QYR5Z8XDVJNXQ', paymentMode: 'Paypal Payment' },
    ]);
  });

  it('Pesapal: posts the tracking id and merchant reference', async () => {
    const fetchMock = setup({ 'virtualMachine/transactionApi': ok(result('Complete', { paymentMode: 'Pesapal Payment' })) });
    renderApp(
      '/transaction-status-pesapal/MW-41-k1/1?OrderTrackingId=b945e4af-80a5&OrderMerchantReference=MW-41-k1&OrderNotificationType=CALLBACKURL',
    );
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApi')).toEqual([
      {
        TransactionReference: 'MW-41-k1',
        OrderTrackingId: 'b945e4af-80a5',
        OrderMerchantReference: 'MW-41-k1',
        OrderNotificationType: 'CALLBACKURL',
        paymentMode: 'Pesapal Payment',
      },
    ]);
  });

  it('PayFast: asks again every 2 s while Pending and shows the success view once Complete', async () => {
    const answers: TransactionStatus[] = ['Pending', 'Pending', 'Complete'];
    const fetchMock = setup({
      'virtualMachine/transactionApi': () => ok(result(answers.shift() ?? 'Complete', { paymentMode: 'PayFast Payment' })),
    });
    renderApp('/transaction-status-payfast/1?ref=MW-41-f1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 8000 })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApi')).toEqual(
      Array(3).fill({ TransactionReference: 'MW-41-f1', paymentMode: 'PayFast Payment' }),
    );
  }, 12_000);

  it('PayFast: a cancelled return reports status cancelled', async () => {
    const fetchMock = setup({ 'virtualMachine/transactionApi': ok(result('Cancelled', { paymentMode: 'PayFast Payment' })) });
    renderApp('/transaction-status-payfast/1?ref=MW-41-f1&cancelled=1');
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(bodiesOf(fetchMock, 'transactionApi')).toEqual([
      { TransactionReference: 'MW-41-f1', paymentMode: 'PayFast Payment', status: 'cancelled' },
    ]);
  });

  it('PayFast: still Pending after a minute shows the calm waiting state, and Check again asks once more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: TransactionStatus = 'Pending';
    const fetchMock = setup({ 'virtualMachine/transactionApi': () => ok(result(answer, { paymentMode: 'PayFast Payment' })) });
    renderApp('/transaction-status-payfast/1?ref=MW-41-f1');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(1));
    for (let poll = 0; poll < PENDING_MAX_POLLS + 2; poll += 1) {
      await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    }
    expect(await screen.findByRole('heading', { name: 'We are waiting for the payment gateway to confirm your payment' })).toBeTruthy();
    expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(1 + PENDING_MAX_POLLS);

    answer = 'Complete';
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }), { advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(2 + PENDING_MAX_POLLS);
  }, 20_000);

  it('uploads the stored licence PDF of this order after Complete and clears the stored payment 10 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storePendingPayment({ orderId: 41, kind: 1, reference: 'MW-41-a1', paymentMode: 'Bypass', productId: 7 });
    storePendingLicence({ orderId: 41, fileName: 'windows-licence.pdf', base64: btoa('%PDF-1.7 licence') });
    const fetchMock = setup({
      'virtualMachine/transactionApi': ok(result('Complete')),
      'virtualMachine/uploadCustomerLicense': ok(null, 'Licence uploaded successfully'),
    });
    const openedAt = Date.now();
    renderApp('/transaction-status/1');
    expect(await screen.findByText('Licence uploaded successfully')).toBeTruthy();

    const uploads = callsTo(fetchMock, 'uploadCustomerLicense');
    expect(uploads).toHaveLength(1);
    const form = uploads[0]![1]!.body as FormData;
    expect(form.get('orderID')).toBe('41');
    const file = form.get('image') as File;
    expect(file.name).toBe('windows-licence.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 licence');
    expect(readPendingLicence()).toBeNull();

    // Kept for 10 s after Complete. This clock also runs with real time (shouldAdvanceTime): on a
    // machine so busy that 10 s have already gone by, only the clearing can be checked.
    if (Date.now() - openedAt < CLEAR_PENDING_AFTER_MS - 1_000) expect(readPendingPayment()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CLEAR_PENDING_AFTER_MS));
    expect(readPendingPayment()).toBeNull();
  });

  it('uploads no licence stored for another order', async () => {
    storePendingLicence({ orderId: 40, fileName: 'old.pdf', base64: btoa('%PDF-1.7 old') });
    const fetchMock = setup({ 'virtualMachine/transactionApi': ok(result('Complete')) });
    renderApp('/transaction-status/1?TransactionReference=MW-41-a1&Hash=ab');
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(callsTo(fetchMock, 'uploadCustomerLicense')).toHaveLength(0);
    expect(readPendingLicence()?.orderId).toBe(40);
  });

  it('posts once under React’s StrictMode', async () => {
    const fetchMock = setup({ 'virtualMachine/transactionApi': ok(result('Cancelled')) });
    const router = createMemoryRouter(routes, { initialEntries: ['/transaction-status/1?TransactionReference=MW-41-a1&Hash=ab'] });
    render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeTruthy();
    expect(callsTo(fetchMock, 'transactionApi')).toHaveLength(1);
  });
});
