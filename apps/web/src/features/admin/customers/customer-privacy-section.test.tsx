import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerPrivacyMessages as texts } from '@mawingu/contracts/admin/customer-privacy';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { CustomerPrivacySection } from './customer-privacy-section.tsx';
import { signInAs } from './customers.test-helper.ts';

// Only the fields the section reads; the rest of the profile does not matter here.
const profile = (over: Partial<CustomerProfile> = {}) =>
  ({ id: 3, firstName: 'Amani', lastName: 'Njoroge', email: 'amani@savanna.example', suspendedAt: null, ...over }) as CustomerProfile;

describe("a customer's support session and personal data in the console", () => {
  afterEach(() => {
    storeOperatorSession(null);
    vi.restoreAllMocks();
  });

  it("opens the customer's site in a new tab after the consent reason, and sends the reason", async () => {
    signInAs('support');
    const sent: unknown[] = [];
    stubApi({
      'admin/companies/5/customers/3/support-session': (body) => {
        sent.push(body);
        return ok({
          url: 'https://acme.example/support-session#handoff',
          handoffExpiresAt: '2026-11-29T10:01:00.000Z',
          expiresAt: '2026-11-29T10:30:00.000Z',
        });
      },
    });
    const tab = { opener: {}, location: { replace: vi.fn() }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderElement(<CustomerPrivacySection companyId={5} profile={profile()} name="Amani Njoroge" />);
    // Support may log in as the customer, but neither download nor erase.
    await screen.findByRole('button', { name: 'Log in as customer' });
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download data (JSON)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in as customer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Customer asked on the phone, ticket #12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open their site' }));
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('https://acme.example/support-session#handoff'));
    expect(sent).toEqual([{ reason: 'Customer asked on the phone, ticket #12' }]);
    expect(tab.opener).toBeNull();
  });

  it("puts the server's refusal of the confirmation under the field and erases nothing", async () => {
    signInAs('admin');
    stubApi({
      'admin/companies/5/customers/3/personal-data/erase': {
        status: 400,
        message: texts.confirmMismatch,
        data: { fieldErrors: { confirm: texts.confirmMismatch } },
      },
    });
    renderElement(<CustomerPrivacySection companyId={5} profile={profile()} name="Amani Njoroge" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/e-mail address to confirm/), { target: { value: 'amani@other.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await within(dialog).findByText(texts.confirmMismatch)).toBeTruthy();
  });

  it('shows an erased customer as such, without Log in as or Erase', async () => {
    signInAs('admin');
    stubApi({});
    renderElement(<CustomerPrivacySection companyId={5} profile={profile({ email: 'erased-3@invalid' })} name="Erased customer" />);
    expect(await screen.findByText('Personal data erased')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Log in as customer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });
});
