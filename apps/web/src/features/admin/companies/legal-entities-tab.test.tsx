import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { legalEntityMessages as texts, type LegalEntitiesReply } from '@mawingu/contracts/admin/legal-entities';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { LegalEntitiesTab } from './legal-entities-tab.tsx';

const PATH = 'admin/companies/5/legal-entities';
const KENYA_REGION = { id: 31, name: 'Kenya', currency: 'KES', legalEntityId: null };
const ENTITY = {
  id: 9,
  name: 'Acme Kenya Limited',
  address: 'Westlands, Nairobi',
  taxCountry: 'KE' as const,
  taxNumber: 'P051234567X',
  seriesPrefix: 'KE-',
  timeZone: 'Africa/Nairobi',
  currency: 'KES',
  vatOnDiscountedPrice: false,
  invoiceCount: 0,
};

/** The field whose label is `label`, inside the open dialog. */
const field = (label: RegExp) =>
  within(screen.getByRole('dialog'))
    .getAllByLabelText(label)
    .find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA')!;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the console’s legal entities', () => {
  it('checks the form before sending: a Kenyan entity with a South African VAT number is refused under the KRA PIN field', async () => {
    const posted: unknown[] = [];
    stubApi({
      [PATH]: (body) => {
        if (body) posted.push(body);
        return ok<LegalEntitiesReply>({ entities: [], regions: [KENYA_REGION] });
      },
    });
    renderElement(<LegalEntitiesTab companyId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a legal entity' }));
    await screen.findByRole('dialog');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save entity' }));
    expect(await screen.findByText(texts.nameRequired)).toBeTruthy();
    expect(screen.getByText(texts.addressRequired)).toBeTruthy();
    expect(screen.getByText(texts.prefixInvalid)).toBeTruthy();
    expect(posted).toEqual([]);

    // Kenya: the number is now a KRA PIN, and a VAT number does not pass as one.
    await userEvent.click(
      within(screen.getByRole('dialog'))
        .getAllByLabelText(/Tax authority/)
        .find((e) => e.tagName === 'INPUT')!,
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Kenya (KRA)', hidden: true }));
    type(/Registered name/, ENTITY.name);
    type(/Registered address/, ENTITY.address);
    type(/KRA PIN/, '4123456789');
    type(/Invoice series prefix/, 'KE-');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save entity' }));
    const pin = field(/KRA PIN/);
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(texts.kraPinInvalid)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('puts the server’s refusal under the field it names (a series prefix another entity uses)', async () => {
    stubApi({
      [PATH]: (body) =>
        body
          ? { status: 400, message: texts.prefixTaken, data: { fieldErrors: { seriesPrefix: texts.prefixTaken } } }
          : ok<LegalEntitiesReply>({ entities: [ENTITY], regions: [KENYA_REGION] }),
    });
    renderElement(<LegalEntitiesTab companyId={5} />);
    // The entity's card: what its invoices print.
    const card = await screen.findByRole('article', { name: ENTITY.name });
    expect(card.textContent).toContain('KRA PIN: P051234567X');
    expect(card.textContent).toContain('Series KE-1, KE-2, …');
    expect(card.textContent).toContain('Africa/Nairobi');

    fireEvent.click(screen.getByRole('button', { name: 'Add a legal entity' }));
    await screen.findByRole('dialog');
    type(/Registered name/, 'Acme Cloud (Pty) Ltd');
    type(/Registered address/, '1 Example Street, Midrand');
    type(/VAT number/, '4123456789');
    type(/Invoice series prefix/, 'KE-');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save entity' }));
    const prefix = field(/Invoice series prefix/);
    await waitFor(() => expect(prefix.getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByRole('dialog')).getAllByText(texts.prefixTaken).length).toBeGreaterThan(0);
  });

  it('names the seller of each region: the company itself until an entity is chosen', async () => {
    let saved: unknown;
    stubApi({
      [PATH]: ok<LegalEntitiesReply>({ entities: [ENTITY], regions: [KENYA_REGION] }),
      'admin/companies/5/region-sellers': (body) => {
        saved = body;
        return ok<LegalEntitiesReply>({ entities: [ENTITY], regions: [{ ...KENYA_REGION, legalEntityId: 9 }] });
      },
    });
    renderElement(<LegalEntitiesTab companyId={5} />);
    const seller = (await screen.findAllByLabelText('Kenya (KES)')).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    expect(seller.value).toBe('The company itself');
    await userEvent.click(seller);
    await userEvent.click(await screen.findByRole('option', { name: ENTITY.name, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ regions: [{ regionId: 31, legalEntityId: 9 }] }));
  });

  it('sets "VAT on the discounted price" on an entity and shows it on its card', async () => {
    const sent: unknown[] = [];
    stubApi({
      [PATH]: () => ok<LegalEntitiesReply>({ entities: [ENTITY], regions: [KENYA_REGION] }),
      [`${PATH}/${ENTITY.id}`]: (body) => {
        sent.push(body);
        return ok<LegalEntitiesReply>({ entities: [{ ...ENTITY, vatOnDiscountedPrice: true }], regions: [KENYA_REGION] });
      },
    });
    renderElement(<LegalEntitiesTab companyId={5} />);
    const card = await screen.findByRole('article', { name: ENTITY.name });
    expect(card.textContent).not.toContain('VAT on the discounted price');
    fireEvent.click(within(card).getByRole('button', { name: `Edit ${ENTITY.name}` }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: 'VAT on the discounted price' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entity' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ seriesPrefix: 'KE-', vatOnDiscountedPrice: true });
    await waitFor(() => expect(screen.getByRole('article', { name: ENTITY.name }).textContent).toContain('VAT on the discounted price'));
  });
});
