import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EtimsDocument, EtimsSettings } from '@mawingu/contracts/admin/etims';
import type { LegalEntitiesReply } from '@mawingu/contracts/admin/legal-entities';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { EtimsTab } from './etims-tab.tsx';
import { LegalEntitiesTab } from './legal-entities-tab.tsx';

const ENTITY = {
  id: 9,
  name: 'Acme Kenya Limited',
  address: 'Westlands, Nairobi',
  taxCountry: 'KE' as const,
  taxNumber: 'P051234567X',
  seriesPrefix: 'KE-',
  timeZone: 'Africa/Nairobi',
  currency: 'KES',
  vatOnDiscountedPrice: true,
  invoiceCount: 2,
};
const SAVED: EtimsSettings = {
  legalEntityId: 9,
  branchId: '00',
  deviceSerial: 'OSCU-ACME-1',
  baseUrl: 'https://etims-api-sbx.kra.go.ke/etims-api/',
  initialised: false,
  initialisedAt: null,
  sdcId: null,
  mrcNo: null,
  initError: null,
};
const REFUSED: EtimsDocument = {
  id: 41,
  legalEntityId: 9,
  kind: 'invoice',
  serialNumber: 'KE-7',
  orderId: 120,
  customer: 'Kamau Traders Ltd',
  total: '1972.00',
  currency: 'KES',
  status: 'refused',
  invcNo: 7,
  attempts: 1,
  reason: '910 Request parameter error: custNm',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:02.000Z',
};

describe('the console’s eTIMS', () => {
  it('initialises a Kenyan entity’s device from its form and says what KRA answered', async () => {
    let initialised = false;
    stubApi({
      'admin/companies/5/legal-entities': () => ok<LegalEntitiesReply>({ entities: [ENTITY], regions: [] }),
      'admin/companies/5/legal-entities/9/etims': () =>
        ok({ settings: initialised ? { ...SAVED, initialised: true, sdcId: 'KRACU0100000001', mrcNo: 'WIS01000001' } : SAVED }),
      'admin/companies/5/legal-entities/9/etims/initialise': () => {
        initialised = true;
        return ok(
          {
            settings: {
              ...SAVED,
              initialised: true,
              sdcId: 'KRACU0100000001',
              mrcNo: 'WIS01000001',
              initialisedAt: '2026-11-28T10:00:00.000Z',
            },
          },
          'The eTIMS device is initialised.',
        );
      },
    });
    renderElement(<LegalEntitiesTab companyId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: `Edit ${ENTITY.name}` }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Not initialised')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Device serial number/) as HTMLInputElement).value).toBe('OSCU-ACME-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initialise device' }));
    expect(await screen.findByText('The eTIMS device is initialised.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('Initialised')).toBeTruthy());
    expect(within(dialog).getByText('Control unit KRACU0100000001, MRC WIS01000001')).toBeTruthy();
  });

  it('lists a refused document with KRA’s reason and resubmits it', async () => {
    const resubmitted: number[] = [];
    stubApi({
      'admin/companies/5/etims/documents': () => ok({ documents: resubmitted.length ? [] : [REFUSED] }),
      'admin/companies/5/etims/documents/41/resubmit': () => {
        resubmitted.push(41);
        return ok({ status: 'signed', reason: null }, 'Document submitted to eTIMS again.');
      },
    });
    renderElement(<EtimsTab companyId={5} />);
    expect(await screen.findByText('910 Request parameter error: custNm')).toBeTruthy();
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(screen.getByText('KES 1,972.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit KE-7 to eTIMS' }));
    expect(await screen.findByText('KE-7 is signed by eTIMS.')).toBeTruthy();
    expect(resubmitted).toEqual([41]);
    expect(await screen.findByText('Every document has been signed by eTIMS.')).toBeTruthy();
  });

  it('switches to the signed documents: a Signed badge and no Resubmit', async () => {
    stubApi({
      'admin/companies/5/etims/documents': () => ok({ documents: [] }),
      'admin/companies/5/etims/documents?status=signed': () =>
        ok({ documents: [{ ...REFUSED, status: 'signed', reason: null, attempts: 2 }] }),
    });
    renderElement(<EtimsTab companyId={5} />);
    expect(await screen.findByText('Every document has been signed by eTIMS.')).toBeTruthy();
    fireEvent.click(screen.getByText('Signed'));
    const list = await screen.findByLabelText('eTIMS documents signed');
    expect(within(list).getByText('KE-7')).toBeTruthy();
    expect(within(list).getByText('Signed')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Resubmit/ })).toBeNull();
  });
});
