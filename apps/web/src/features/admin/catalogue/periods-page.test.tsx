import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueMessages } from '@mawingu/contracts/admin/catalogue';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import PeriodsPage from './periods-page.tsx';

const base = 'admin/companies/3/catalogue';

describe('console time periods', () => {
  beforeEach(() => {
    storeOperatorSession({ token: 't', operator: { id: 1, email: 'a@acme.example', name: 'A', role: 'admin', companyId: 3 } });
  });

  it('names a new period after its days until the operator writes a label, and shows a refused duplicate under Days', async () => {
    stubApi({
      [`${base}/time-periods`]: (body) =>
        body === undefined
          ? ok([{ id: 1, days: 30, label: '30 Days', sortOrder: 0 }])
          : { status: 400, message: catalogueMessages.periodTaken, data: { fieldErrors: { days: catalogueMessages.periodTaken } } },
      [`${base}/clone-durations`]: ok({ counts: [1, 2], defaults: [1, 2], usesDefault: true }),
    });
    renderElement(<PeriodsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add time period' }));
    const dialog = await screen.findByRole('dialog');
    // The form may fill the dialog a render after it opens.
    const days = await within(dialog).findByRole('spinbutton', { name: /Days/ });
    const label = within(dialog).getByRole('textbox', { name: /Label/ });
    expect((label as HTMLInputElement).value).toBe('30 Days');
    fireEvent.change(days, { target: { value: '90' } });
    expect((label as HTMLInputElement).value).toBe('90 Days');
    fireEvent.change(days, { target: { value: '1' } });
    expect((label as HTMLInputElement).value).toBe('1 Day');
    fireEvent.change(label, { target: { value: 'Quarter' } });
    fireEvent.change(days, { target: { value: '91' } });
    expect((label as HTMLInputElement).value).toBe('Quarter');

    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText(catalogueMessages.periodTaken)).toBeTruthy());
  });
});
