import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardRevenue } from '@mawingu/contracts/admin/dashboard';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { lastDays } from './dashboard-api.ts';
import RevenueSection from './revenue-section.tsx';

const { from, to } = lastDays(30);
const revenuePath = `admin/companies/5/dashboard/revenue?from=${from}&to=${to}`;
const revenue = (over: Partial<DashboardRevenue>): DashboardRevenue => ({
  from,
  to,
  currencies: [],
  days: [],
  gateways: [],
  totals: [],
  testTotals: [],
  ...over,
});

describe('the dashboard’s revenue', () => {
  it('says sandbox payments apart, with their totals, and counts them in none of the figures', async () => {
    stubApi({
      [revenuePath]: ok(
        revenue({
          currencies: ['ZAR'],
          days: [{ day: to, totals: { ZAR: '1585.96' }, orders: 8 }],
          gateways: [{ gateway: 'payfast', currency: 'ZAR', total: '1585.96', orders: 8 }],
          totals: [{ currency: 'ZAR', total: '1585.96', orders: 8 }],
          testTotals: [
            { currency: 'KES', total: '700.00', orders: 1 },
            { currency: 'ZAR', total: '558.38', orders: 2 },
          ],
        }),
      ),
    });
    renderElement(<RevenueSection companyId={5} />);
    const note = await screen.findByTestId('revenue-sandbox');
    expect(within(note).getByText('Sandbox payments, not counted')).toBeTruthy();
    expect(note.textContent).toContain('KES 700.00 in 1 order, R558.38 in 2 orders');
    expect(note.textContent).toContain('They are in none of the figures above.');
    expect(screen.getByTestId('revenue-gateway-row').textContent).toContain('R1,585.96');
  });

  it('shows the note alone when only sandbox payments came in, and none when every payment was real', async () => {
    stubApi({ [revenuePath]: ok(revenue({ testTotals: [{ currency: 'ZAR', total: '558.37', orders: 1 }] })) });
    const sandboxOnly = renderElement(<RevenueSection companyId={5} />);
    expect(await screen.findByText('No paid orders in this period')).toBeTruthy();
    expect((await screen.findByTestId('revenue-sandbox')).textContent).toContain('R558.37 in 1 order');
    sandboxOnly.unmount();

    stubApi({ [revenuePath]: ok(revenue({ currencies: ['ZAR'], totals: [{ currency: 'ZAR', total: '10.00', orders: 1 }] })) });
    renderElement(<RevenueSection companyId={5} />);
    expect(await screen.findByTestId('revenue-day-chart')).toBeTruthy();
    expect(screen.queryByTestId('revenue-sandbox')).toBeNull();
  });
});
