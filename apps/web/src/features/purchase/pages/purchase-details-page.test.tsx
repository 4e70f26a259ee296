import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartPaymentData } from '@mawingu/contracts/payments';
import { ok } from '../../../../test/fake-api.ts';
import { assignLocation } from '../../../lib/browser-location.ts';
import { readPendingLicence, readPendingPayment } from '../../../lib/storage/pending-payment.ts';
import { newVmSpecOf, type PurchaseSpec } from '../purchase-spec.ts';
import { billOf } from '../configurator.ts';
import { callsTo, makeOrder, makeProductDetails, renderAt, stubPurchaseApi } from '../purchase.test-helper.tsx';

vi.mock('../../../lib/browser-location.ts', () => ({ assignLocation: vi.fn(), replaceLocation: vi.fn() }));

beforeEach(() => vi.mocked(assignLocation).mockClear());
afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

function makeSpec(overrides: Partial<PurchaseSpec> = {}): PurchaseSpec {
  const details = makeProductDetails();
  const sizes = { memory: 8, processor: 4, disk: 40 };
  const bill = billOf(details, sizes, 1, 90);
  return { ...newVmSpecOf(details, { ...sizes, regionId: 1, days: 90, gateway: 'PayFast Payment' }, bill), ...overrides };
}

const entry = (spec: PurchaseSpec | null, key = 'buy-1') => ({ pathname: '/purchasedetails/1', state: spec, key });

const start = (start: StartPaymentData['start'], paymentMode = 'PayFast Payment'): StartPaymentData => ({
  orderID: 1042,
  transactionReference: '0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c-1',
  paymentMode,
  amount: '3415.51',
  currencyCode: 'ZAR',
  start,
});

const payButton = () => screen.findByRole('button', { name: /^Pay / });

describe('purchase details', () => {
  it('creates the order exactly once under StrictMode, and a reload reads it back instead of creating another', async () => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder(), 'Order created'),
      'virtualMachine/getOrderDetail': ok(makeOrder()),
    });
    const first = renderAt([entry(makeSpec())], { strict: true });
    expect(await screen.findByTestId('order-id')).toBeTruthy();
    expect(screen.getByTestId('order-id').textContent).toBe('1042');
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1);
    expect(callsTo(fetchMock, 'virtualMachine/getOrderDetail')).toHaveLength(0);
    first.unmount();

    // The browser keeps the entry's key and state across a reload.
    renderAt([entry(makeSpec())], { strict: true });
    expect(await screen.findByTestId('order-id')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1);
    expect(callsTo(fetchMock, 'virtualMachine/getOrderDetail')).toEqual([{ orderID: 1042 }]);
  });

  it('shows the invoice: order id, product, region, period, item rows, total price, tax percent, discount and total payable', async () => {
    stubPurchaseApi({ 'virtualMachine/CreateOrder': ok(makeOrder()) });
    renderAt([entry(makeSpec())]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeTruthy();
    expect(screen.queryByText('Gold')).toBeNull();
    expect(screen.getByText('South Africa')).toBeTruthy();
    expect(screen.getByText('90 days')).toBeTruthy();
    expect(screen.getByTestId('order-line-processor').textContent).toContain('4 vCPU');
    expect(screen.getByTestId('order-line-processor').textContent).toContain('R1,441.50');
    expect(screen.getByTestId('order-line-memory').textContent).toContain('R1,448.00');
    expect(screen.getByTestId('order-line-disk').textContent).toContain('R174.80');
    expect(screen.getByTestId('order-price').textContent).toBe('R3,064.30');
    expect(screen.getByText('Tax (15%)')).toBeTruthy();
    expect(screen.getByTestId('order-tax').textContent).toBe('R459.65');
    expect(screen.getByTestId('order-discount').textContent).toBe('−R108.44');
    expect(screen.getByTestId('order-total').textContent).toBe('R3,415.51');
    expect(screen.queryByTestId('usd-figures')).toBeNull();
    expect((await payButton()).textContent).toContain('Pay R3,415.51');
  });

  it('shows a Proforma Invoice when bypassed, and the Gold badge for a gold order', async () => {
    stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder({ byPassFlag: 1, paymentMode: null, paymentGateway: [], isGoldCopy: 1 })),
    });
    renderAt([entry(makeSpec({ byPassflag: 1, paymentGateway: '' }))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Proforma Invoice' })).toBeTruthy();
    expect(screen.getByText('Gold')).toBeTruthy();
  });

  it('shows the USD figures when paying with PayPal for a ZAR order', async () => {
    const totalsInUsd = { currency: 'USD' as const, price: '193.05', tax: '28.96', discount: '6.83', arrears: '0.00', total: '215.18' };
    stubPurchaseApi({ 'virtualMachine/CreateOrder': ok(makeOrder({ paymentMode: 'Paypal Payment', totalsInUsd })) });
    renderAt([entry(makeSpec({ paymentGateway: 'Paypal Payment' }))]);
    const usd = await screen.findByTestId('usd-figures');
    expect(within(usd).getByTestId('usd-total').textContent).toBe('USD 215.18');
    expect((await payButton()).textContent).toContain('Pay USD 215.18');
  });

  it('shows the server’s message as an error and goes back when the order is refused', async () => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/getVMProductDetail': ok(makeProductDetails()),
      'virtualMachine/CreateOrder': {
        status: 422,
        message: 'Total amount does not match the current price (3415.52 ZAR). Please go back and check your configuration.',
        data: {
          fieldErrors: {
            totalAmount: 'Total amount does not match the current price (3415.52 ZAR). Please go back and check your configuration.',
          },
        },
      },
    });
    const { pathname } = renderAt(['/productdetails/7', entry(makeSpec())]);
    expect(await screen.findByText(/Total amount does not match the current price/)).toBeTruthy();
    await waitFor(() => expect(pathname()).toBe('/productdetails/7'));
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(1);
  });

  it('says there is nothing to show without a purchase', async () => {
    const fetchMock = stubPurchaseApi({});
    renderAt(['/purchasedetails/1']);
    expect(await screen.findByText('There is no purchase to show')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/CreateOrder')).toHaveLength(0);
  });

  it('keeps Pay disabled for a Windows licence product until a PDF of at most 3 MB is chosen, and keeps the PDF', async () => {
    stubPurchaseApi({ 'virtualMachine/CreateOrder': ok(makeOrder({ microsoftLicense: 1, vmName: 'Windows Server 2022' })) });
    renderAt([entry(makeSpec({ producttype: 'windows', microsoftLicense: 1 }))]);
    const pay = await payButton();
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The file dialog's "All files": our own check must refuse what the accept filter would hide.
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['hello'], 'licence.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The licence must be a PDF file')).toBeTruthy();
    expect((pay as HTMLButtonElement).disabled).toBe(true);

    await user.upload(input, new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The licence PDF must be 3 MB or smaller')).toBeTruthy();
    expect((pay as HTMLButtonElement).disabled).toBe(true);

    await user.upload(input, new File(['%PDF-1.7 licence'], 'licence.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(readPendingLicence()).toEqual({ orderId: 1042, fileName: 'licence.pdf', base64: btoa('%PDF-1.7 licence') });
  });

  it('Pay posts the gateway’s form with its fields in order, after keeping the pending payment', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const fields: [string, string][] = [
      ['merchant_id', '10000100'],
      ['amount', '3415.51'],
      ['item_name', 'Ubuntu Server 24.04 LTS'],
      ['signature', 'abc123'],
    ];
    const fetchMock = stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder()),
      'virtualMachine/startPayment': ok(start({ kind: 'form-post', action: 'https://sandbox.payfast.example/eng/process', fields })),
    });
    renderAt([entry(makeSpec())]);
    await userEvent.click(await payButton());
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://sandbox.payfast.example/eng/process');
    expect([...form.querySelectorAll('input')].map((i) => [i.name, i.value])).toEqual(fields);
    expect(callsTo(fetchMock, 'virtualMachine/startPayment')).toEqual([{ orderID: 1042, paymentGateway: 'PayFast Payment' }]);
    expect(readPendingPayment()).toEqual({
      orderId: 1042,
      kind: 1,
      reference: '0f3c2a9b8d7e6f5a4b3c2d1e0f9a8b7c-1',
      paymentMode: 'PayFast Payment',
      productId: 7,
    });
    expect((await payButton()).hasAttribute('disabled') || (await payButton()).getAttribute('data-loading') !== null).toBe(true);
  });

  it('Pay follows a redirect gateway', async () => {
    stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder({ paymentMode: 'Pesapal Payment' })),
      'virtualMachine/startPayment': ok(
        start({ kind: 'redirect', url: 'https://pay.pesapal.example/iframe?OrderTrackingId=xyz' }, 'Pesapal Payment'),
      ),
    });
    renderAt([entry(makeSpec({ paymentGateway: 'Pesapal Payment' }))]);
    await userEvent.click(await payButton());
    await waitFor(() => expect(assignLocation).toHaveBeenCalledWith('https://pay.pesapal.example/iframe?OrderTrackingId=xyz'));
    expect(readPendingPayment()?.paymentMode).toBe('Pesapal Payment');
  });

  it('Pay goes straight to /transaction-status/1 when bypassed', async () => {
    stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder({ byPassFlag: 1, paymentMode: null, paymentGateway: [] })),
      'virtualMachine/startPayment': ok(start({ kind: 'bypass' }, 'Bypass')),
    });
    const { pathname } = renderAt([entry(makeSpec({ byPassflag: 1, paymentGateway: '' }))]);
    await userEvent.click(await payButton());
    await waitFor(() => expect(pathname()).toBe('/transaction-status/1'));
    expect(readPendingPayment()).toMatchObject({ orderId: 1042, kind: 1, paymentMode: 'Bypass' });
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('shows the server’s message when Pay is refused, with the way to the account page for a paid order', async () => {
    const fetchMock = stubPurchaseApi({
      'virtualMachine/CreateOrder': ok(makeOrder()),
      'virtualMachine/startPayment': { status: 409, message: 'This order is already paid', data: null },
    });
    renderAt([entry(makeSpec())]);
    await userEvent.click(await payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This order is already paid');
    expect(within(alert).getByRole('link', { name: 'View your purchases' }).getAttribute('href')).toBe('/customerprofile/2');
    expect(((await payButton()) as HTMLButtonElement).disabled).toBe(false);
    expect(callsTo(fetchMock, 'virtualMachine/startPayment')).toHaveLength(1);
  });
});
