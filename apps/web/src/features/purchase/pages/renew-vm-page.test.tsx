import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '@mawingu/contracts/envelope';
import { ok } from '../../../../test/fake-api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { makeRenewDetails } from '../renewals/renew.test-helper.ts';
import { callsTo, makeOrder, renderAt, stubPurchaseApi } from '../purchase.test-helper.tsx';

afterEach(() => window.sessionStorage.clear());

// The whole app renders in happy-dom; on a busy machine a journey through two pages takes seconds.
const SLOW = 30_000;

const money = (amount: string) => formatMoney(amount, 'ZAR');
const refusal = (status: number, message: string): Envelope<null> => ({ status, message, data: null });

async function open(details = makeRenewDetails(), detailReply?: Envelope<unknown>) {
  const fetchMock = stubPurchaseApi({
    'virtualMachine/getVMDetailForRenew': detailReply ?? ok(details),
    'virtualMachine/renewVM': ok(makeOrder({ kind: 3, vmName: 'web-thandi-01', arrears: '56.93', amount: '626.18' }), 'Order created'),
  });
  const view = renderAt(['/customerprofile/2', '/renewvm/31']);
  return { fetchMock, ...view };
}

describe('renew page', () => {
  it(
    'shows the VM’s configuration with disabled sliders and the renew bill to the cent: price, tax, arrears for 3 days, total',
    async () => {
      const { fetchMock } = await open();
      await screen.findByRole('heading', { level: 1, name: 'Ubuntu Server 24.04 LTS' });
      expect(callsTo(fetchMock, 'virtualMachine/getVMDetailForRenew')).toEqual([{ productID: 31 }]);
      const config = screen.getByTestId('configuration');
      expect(within(config).getByText('4 GB')).toBeTruthy();
      expect(within(config).getByText('50 GB')).toBeTruthy();
      expect(within(config).getByText('2')).toBeTruthy();
      expect(screen.getByText('Expired 3 days ago')).toBeTruthy();
      expect(document.querySelector('svg[data-os="ubuntu"]')).toBeTruthy();
      const sliders = screen.getAllByRole('slider');
      expect(sliders).toHaveLength(3);
      for (const slider of sliders) expect(slider.closest('[data-disabled]')).not.toBeNull();
      // The VM's own period (30 days) is preselected: 495.00 + 74.25 + (569.25 / 30 × 3 = 56.93) = 626.18.
      expect((screen.getByRole('combobox', { name: 'Time period' }) as HTMLSelectElement).value).toBe('30');
      const bill = screen.getByTestId('bill');
      expect(within(bill).getByText('Total Price')).toBeTruthy();
      expect(within(bill).getByText('Tax(15%)')).toBeTruthy();
      expect(within(bill).getByText('Arrears for 3 Days')).toBeTruthy();
      expect(within(bill).getByText('Total Payable Amount')).toBeTruthy();
      expect(screen.getByTestId('bill-price').textContent).toBe(money('495.00'));
      expect(screen.getByTestId('bill-tax').textContent).toBe(money('74.25'));
      expect(screen.getByTestId('bill-arrears').textContent).toBe(money('56.93'));
      expect(screen.getByTestId('bill-total').textContent).toBe(money('626.18'));

      // 90 days: 1485.00 + 222.75 + (1707.75 / 30 × 3 = 170.78) = 1878.53.
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time period' }), '90 Days');
      expect(screen.getByTestId('bill-arrears').textContent).toBe(money('170.78'));
      expect(screen.getByTestId('bill-total').textContent).toBe(money('1878.53'));
    },
    SLOW,
  );

  it(
    'with several gateways opens Choose Payment Gateway; Proceed goes to /purchasedetails/3, which creates the renew order',
    async () => {
      const { fetchMock, pathname, router } = await open();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Choose Payment Gateway' });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Ozow Payment' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(pathname()).toBe('/purchasedetails/3'));
      expect(router.state.location.state).toMatchObject({
        clientVMID: 31,
        time: 30,
        daysExtended: 3,
        FinalPrice: '495.00',
        taxAmount: '74.25',
        totalAmountwithTax: '626.18',
        paymentGateway: 'Ozow Payment',
      });
      await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/renewVM')).toHaveLength(1));
      expect(callsTo(fetchMock, 'virtualMachine/renewVM')[0]).toEqual({
        clientVMID: 31,
        productName: 'Ubuntu Server 24.04 LTS',
        ramCount: 4,
        ramUnit: 'GB',
        processorCount: 2,
        processorUnit: 'cores',
        diskCount: 50,
        diskUnit: 'GB',
        region: 1,
        countryID: 1,
        cost: '495.00',
        taxAmount: '74.25',
        totalAmount: '626.18',
        currency: 'ZAR',
        timePeriod: 30,
        paymentGateway: 'Ozow Payment',
        daysExtended: 3,
        byPassflag: 0,
        microsoftLicense: 0,
      });
      expect(await screen.findByText(money('56.93'))).toBeTruthy();
    },
    SLOW,
  );

  it(
    'with no gateway says there is a technical issue; with bypass goes straight on; PayPal alone with ZAR asks about USD first',
    async () => {
      const none = await open(
        makeRenewDetails({
          country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: [] }],
          paymentGateway: [],
        }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
      expect(await screen.findByText('There are some technical issue. Please try after some time')).toBeTruthy();
      expect(none.pathname()).toBe('/renewvm/31');
      none.unmount();

      const paypal = await open(
        makeRenewDetails({
          country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: ['Paypal Payment'] }],
        }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('PayPal does not support ZAR currency. Would you like to continue payment in USD ?')).toBeTruthy();
      // (495.00 → 31.19) + (74.25 → 4.68) + (56.93 → 3.59) = 39.46 USD.
      expect(within(dialog).getByTestId('usd-total').textContent).toBe(formatMoney('39.46', 'USD'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(paypal.pathname()).toBe('/purchasedetails/3'));
      paypal.unmount();

      const bypass = await open(
        makeRenewDetails({
          byPassflag: 1,
          country: [{ countryID: 1, countryName: 'South Africa', taxValue: '15.00', currency: 'ZAR', paymentGateway: [] }],
          paymentGateway: [],
        }),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
      await waitFor(() => expect(bypass.pathname()).toBe('/purchasedetails/3'));
      expect(bypass.router.state.location.state).toMatchObject({ byPassflag: 1, paymentGateway: '' });
    },
    SLOW,
  );

  it(
    'a refused load goes back and shows the server’s message',
    async () => {
      const { pathname } = await open(
        undefined,
        refusal(409, 'This virtual machine is already renewed. It can be renewed again once its renewed period has started.'),
      );
      expect(
        await screen.findByText('This virtual machine is already renewed. It can be renewed again once its renewed period has started.'),
      ).toBeTruthy();
      await waitFor(() => expect(pathname()).toBe('/customerprofile/2'));
    },
    SLOW,
  );
});
