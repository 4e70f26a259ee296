import { useEffect } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceData } from '@mawingu/contracts/invoices';
import { AUTH_HEADER } from '@mawingu/contracts/auth-headers';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';

// happy-dom cannot run pdf.js: a stand-in document of two pages.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({
    children,
    onLoadSuccess,
    file,
  }: {
    children: React.ReactNode;
    onLoadSuccess: (pdf: { numPages: number }) => void;
    file: { data: Uint8Array };
  }) => {
    // Like pdf.js: once per document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    useEffect(() => onLoadSuccess({ numPages: 2 }), [file]);
    return (
      <div data-testid="pdf-document" data-bytes={new TextDecoder().decode(file.data)}>
        {children}
      </div>
    );
  },
  Page: ({ pageNumber }: { pageNumber: number }) => <div data-testid="pdf-page">Page {pageNumber}</div>,
}));

const TOKEN = 'inv_0123456789abcdefXYZ';

function invoice(isTestTransaction: 0 | 1 = 0): InvoiceData {
  return {
    invoiceDetail: {
      orderID: 41,
      invoiceNumber: 1007,
      serialNumber: '1007',
      taxForm: isTestTransaction === 1 ? 'proforma' : 'abridged',
      transactionDate: '2026-11-05T10:00:00.000Z',
      endDate: '2026-12-05T10:00:00.000Z',
      vmName: 'mw-ubuntu-0011',
      aliasName: null,
      productName: 'Ubuntu Server 24.04 LTS',
      region: 'Johannesburg',
      validity: 30,
      currencyCode: 'ZAR',
      cost: '1000.00',
      discount: '0.00',
      tax: '15.00',
      taxAmount: '150.00',
      arrears: '0.00',
      totalCost: '1150.00',
      balance: '0.00',
      lines: [],
      ram_Count: 8,
      ram_Unit: 'GB',
      cpu_Count: 4,
      disk_Count: 100,
      disk_Unit: 'GB',
      paymentMode: 'Ozow Payment',
      transactionID: 'GW-7781',
      charged: null,
      isTestTransaction,
    },
    companyDetail: {
      companyName: 'Testa Cloud',
      officeAddress: '1 Test Road',
      postalCode: '8001',
      city: 'Cape Town',
      country: 'South Africa',
      companyVATNumber: '4000000000',
      contactNo: '+27 11 000 0000',
      emailID: 'billing@testa.example.test',
      websiteURL: 'http://localhost:3000',
      imagePath: null,
    },
    userDetails: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      emailId: 'thandi@example.co.za',
      companyName: '',
      address: '12 Long Street',
      vatNumber: '',
    },
    pdfUrl: `/api/invoice/pdf/${TOKEN}`,
  };
}

/** The API, plus the PDF itself (bytes, not an envelope) for the session's requests. */
function setup(api: FakeApi) {
  const userData = signInAs();
  const apiFetch = stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
  const pdfRequests: Headers[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/api/invoice/pdf/')) {
      pdfRequests.push(new Headers(init?.headers));
      return new Response('%PDF-1.7 invoice', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }
    return apiFetch(input, init);
  });
  return { apiFetch, pdfRequests, userData };
}

describe('invoice viewer', () => {
  it('generates the invoice for the token and shows its PDF, fetched with the session, page by page', async () => {
    const { apiFetch, pdfRequests, userData } = setup({ 'invoice/generateInvoice': ok(invoice()) });
    renderApp(`/DownloadInvoice/${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeTruthy();
    expect(await screen.findByText(/Invoice 1007 · Order 41 · 0[56] Nov, 2026/)).toBeTruthy();
    expect(screen.getByText('Total R1,150.00')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
    const generate = apiFetch.mock.calls.find(([url]) => String(url).endsWith('/api/invoice/generateInvoice'));
    expect(JSON.parse(String(generate![1]!.body))).toEqual({ token: TOKEN });

    expect((await screen.findByTestId('pdf-document')).getAttribute('data-bytes')).toBe('%PDF-1.7 invoice');
    expect(pdfRequests[0]!.get(AUTH_HEADER)).toBe(userData.token);
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByTestId('pdf-page').textContent).toBe('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByTestId('pdf-page').textContent).toBe('Page 2');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  }, 15_000);

  it('calls a test transaction a Proforma Invoice, without Paid', async () => {
    setup({ 'invoice/generateInvoice': ok(invoice(1)) });
    renderApp(`/DownloadInvoice/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Proforma Invoice' })).toBeTruthy();
    expect(screen.queryByText('Paid')).toBeNull();
  });

  it('says "Invoice not found" for a token that opens nothing', async () => {
    setup({ 'invoice/generateInvoice': { status: 404, message: 'Invoice not found', data: null } });
    renderApp('/DownloadInvoice/not_a_real_token_000');
    expect(await screen.findByText('Invoice not found')).toBeTruthy();
    expect(screen.queryByTestId('pdf-document')).toBeNull();
  });
});
