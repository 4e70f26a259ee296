import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderElement } from '../../../../test/render-element.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';
import { storeOperatorSession } from './operator-session.ts';

describe('Export CSV', () => {
  const saved: { name: string; href: string }[] = [];
  beforeEach(() => {
    storeOperatorSession({ token: 'op-token', operator: { id: 1, email: 'a@acme.example', name: 'A', role: 'admin', companyId: 5 } });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not download: the click on the link is what the browser would save.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    saved.length = 0;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fetches the export with the operator’s session and saves it as <name>-<day>.csv', async () => {
    const fetchMock = vi.fn(
      async () => new Response('\uFEFF"order_id"\r\n"7"\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderElement(<ExportCsvButton url="companies/5/orders.csv?status=paid" name="orders" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [url, init] = calls.find(([called]) => called.includes('orders.csv'))!;
    expect(url).toMatch(/\/api\/admin\/companies\/5\/orders\.csv\?status=paid$/);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer op-token');
  });

  it('says the server’s refusal (too many rows, a bad filter) and saves nothing', async () => {
    const message = 'More than 50,000 orders match: choose a shorter period or another filter to export them.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: 400, message, data: { fieldErrors: { from: message } } }, { status: 400 })),
    );
    renderElement(<ExportCsvButton url="companies/5/orders.csv" name="orders" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saved).toHaveLength(0);
  });
});
