import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope } from '@mawingu/contracts/envelope';
import { encodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { ok } from '../../../../test/fake-api.ts';
import { formatMoney } from '../../../lib/money.ts';
import { makeMultiRenewDetails } from '../renewals/renew.test-helper.ts';
import { callsTo, makeOrder, renderAt, stubPurchaseApi } from '../purchase.test-helper.tsx';

afterEach(() => window.sessionStorage.clear());

// The whole app renders in happy-dom; on a busy machine a journey through two pages takes seconds.
const SLOW = 30_000;

const money = (amount: string) => formatMoney(amount, 'ZAR');
const VALUE = encodeMultiRenewValue([31, 32]);

function open(reply: Envelope<unknown> | ((body: unknown) => Envelope<unknown>) = ok(makeMultiRenewDetails()), value = VALUE) {
  const fetchMock = stubPurchaseApi({
    'virtualMachine/getVMDataForMultipleRenew': reply,
    'virtualMachine/renewSelectedVM': ok(
      makeOrder({ kind: 5, vmName: 'web-thandi-01, db-thandi-02', arrears: '56.93', amount: '1488.68' }),
      'Order created',
    ),
  });
  return { fetchMock, ...renderAt(['/customerprofile/2', `/renewMultipleVM/${value}`]) };
}

describe('multi-renew page', () => {
  it(
    'lists the VMs with their days extended and amounts, and bills the sums to the cent',
    async () => {
      const { fetchMock } = open();
      const table = await screen.findByTestId('multi-renew-table');
      expect(callsTo(fetchMock, 'virtualMachine/getVMDataForMultipleRenew')).toEqual([{ renewVMData: [31, 32] }]);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['VM Name', 'VM OS', 'Processor', 'Memory', 'Disk', 'Days Extended', 'Amount']);
      const rows = within(table).getAllByRole('row').slice(1);
      // 626.18 (expired 3 days) and 750.00 + 112.50 = 862.50.
      expect(
        rows.map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
      ).toEqual([
        ['web-thandi-01', 'Ubuntu', '2 vCPU', '4 GB', '50 GB', '3', money('626.18')],
        ['db-thandi-02', 'Ubuntu', '2 vCPU', '8 GB', '100 GB', '0', money('862.50')],
      ]);
      expect(screen.getByText('Arrears for 3 Days')).toBeTruthy();
      expect(screen.getByTestId('bill-price').textContent).toBe(money('1245.00'));
      expect(screen.getByTestId('bill-tax').textContent).toBe(money('186.75'));
      expect(screen.getByTestId('bill-arrears').textContent).toBe(money('56.93'));
      expect(screen.getByTestId('bill-total').textContent).toBe(money('1488.68'));
    },
    SLOW,
  );

  it(
    'Buy Now with its one gateway goes to /purchasedetails/5, which creates the multi-renew order with each VM’s figures',
    async () => {
      const { fetchMock, pathname } = open();
      await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
      await waitFor(() => expect(pathname()).toBe('/purchasedetails/5'));
      await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/renewSelectedVM')).toHaveLength(1));
      expect(callsTo(fetchMock, 'virtualMachine/renewSelectedVM')[0]).toMatchObject({
        clientVMID: [31, 32],
        MultiRenewData: [
          { ID: 31, daysExtended: 3, price: '495.00', tax: '74.25', arrears: '56.93', total: '626.18' },
          { ID: 32, daysExtended: 0, price: '750.00', tax: '112.50', arrears: '0.00', total: '862.50' },
        ],
        timePeriod: 30,
        FinalPrice: '1245.00',
        taxAmount: '186.75',
        totalAmountwithTax: '1488.68',
        calulatedtaxvalue: '15.00',
        daysExtended: 3,
        paymentGateway: 'Ozow Payment',
        currency: 'ZAR',
      });
    },
    SLOW,
  );

  it(
    'a value that is not one asks the server with no VMs and shows its message',
    async () => {
      open(refusal400, 'not-a-value!');
      expect(await screen.findByText('Choose the virtual machines to renew')).toBeTruthy();
    },
    SLOW,
  );
});

function refusal400(body: unknown): Envelope<unknown> {
  expect(body).toEqual({ renewVMData: [] });
  return {
    status: 400,
    message: 'Choose the virtual machines to renew',
    data: { fieldErrors: { renewVMData: 'Choose the virtual machines to renew' } },
  };
}
