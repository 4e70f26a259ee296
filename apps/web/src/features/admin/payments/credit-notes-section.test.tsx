import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderCreditNotes } from '@mawingu/contracts/admin/credit-notes';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { CreditNotesSection } from './credit-notes-section.tsx';

const invoice = (over: Partial<OrderCreditNotes> = {}): OrderCreditNotes => ({
  invoiceSerialNumber: 'ZA-7',
  currency: 'ZAR',
  invoiceTotal: '558.37',
  uncredited: '558.37',
  refundThrough: 'paypal',
  hasVm: true,
  creditNotes: [],
  ...over,
});

const issued = invoice({
  uncredited: '458.37',
  creditNotes: [
    {
      id: 4,
      serialNumber: 'ZA-CN-1',
      issuedAt: '2026-11-28T10:00:00.000Z',
      reason: 'Three days of outage',
      currency: 'ZAR',
      amountExclVat: '86.70',
      vat: '13.30',
      total: '100.00',
      serviceAction: 'keep',
      refund: {
        method: 'paypal',
        status: 'completed',
        amount: '100.00',
        currency: 'ZAR',
        chargedAmount: '6.30',
        chargedCurrency: 'USD',
        gatewayReference: 'R1',
      },
    },
  ],
});

const signInAs = (role: 'admin' | 'support') =>
  storeOperatorSession({ token: 't', operator: { id: 1, email: 'o@acme.example', name: 'O', role, companyId: 5 } });
const path = 'admin/companies/5/orders/9/credit-notes';

describe('console: an order’s credit notes', () => {
  // Mantine's modal asks for the screen's motion preference, its growing textarea for the fonts' loading.
  beforeEach(() => {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
  });
  afterEach(() => storeOperatorSession(null));

  it('issues a part with a PayPal refund; the server’s refusal shows under the amount', async () => {
    signInAs('admin');
    const sent: unknown[] = [];
    stubApi({
      [path]: (body) => {
        if (body === undefined) return ok(invoice());
        sent.push(body);
        if ((body as { amount?: string }).amount === '999.00')
          return {
            status: 400,
            message: 'At most ZAR 558.37 of this invoice is not credited yet.',
            data: { fieldErrors: { amount: 'At most ZAR 558.37 of this invoice is not credited yet.' } },
          };
        return ok(issued, 'Credit note ZA-CN-1 issued.');
      },
    });
    renderElement(<CreditNotesSection companyId={5} orderId={9} canManage />);
    expect((await screen.findByTestId('credit-notes')).textContent).toContain('No credit note against this invoice.');
    fireEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for invoice ZA-7' });
    expect((within(dialog).getByRole('radio', { name: /^Refund through PayPal/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Amount to credit/ }), { target: { value: '999.00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Three days of outage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByText('At most ZAR 558.37 of this invoice is not credited yet.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Amount to credit/ }), { target: { value: '100.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toEqual({ scope: 'part', amount: '100.00', reason: 'Three days of outage', refund: 'gateway', service: 'keep' });
    const row = (await screen.findByText('ZA-CN-1')).closest('tr')!;
    expect(row.textContent).toContain('PayPal (USD 6.30)');
    expect(row.textContent).toContain('done');
    expect(screen.getByTestId('credit-notes').textContent).toContain('Not yet credited: R458.37 of R558.37');
  });

  it('offers only a manual refund when the gateway has no refund', async () => {
    signInAs('admin');
    stubApi({ [path]: ok(invoice({ refundThrough: 'manual', hasVm: false })) });
    renderElement(<CreditNotesSection companyId={5} orderId={9} canManage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Issue credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for invoice ZA-7' });
    expect(within(dialog).queryByRole('radio', { name: /PayPal/ })).toBeNull();
    expect((within(dialog).getByRole('radio', { name: 'Manual refund (EFT) already made' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: 'Bank reference of the transfer' })).toBeTruthy();
    // No VM bought by this order: nothing to end.
    expect(within(dialog).queryByRole('radio', { name: 'End the service now' })).toBeNull();
  });

  it('offers a refund through PayFast for a PayFast payment, and names PayFast on the refund', async () => {
    signInAs('admin');
    const viaPayFast = invoice({ refundThrough: 'payfast' });
    stubApi({ [path]: ok(viaPayFast) });
    renderElement(<CreditNotesSection companyId={5} orderId={9} canManage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Issue credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for invoice ZA-7' });
    const radio = within(dialog).getByRole('radio', { name: /^Refund through PayFast/ }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(within(dialog).queryByRole('radio', { name: /PayPal/ })).toBeNull();
    expect(within(dialog).queryByText("This payment's gateway has no refund we can send: record a manual refund.")).toBeNull();
  });

  it('lets support read the credit notes without issuing one', async () => {
    signInAs('support');
    stubApi({ [path]: ok(issued) });
    renderElement(<CreditNotesSection companyId={5} orderId={9} canManage={false} />);
    expect((await screen.findByText('ZA-CN-1')).closest('tr')!.textContent).toContain('Three days of outage');
    expect(screen.queryByRole('button', { name: 'Issue credit note' })).toBeNull();
  });
});
