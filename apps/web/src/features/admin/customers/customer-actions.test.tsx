import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customerAdminMessages } from '@mawingu/contracts/admin/customers';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import { kraPinMessage } from '@mawingu/contracts/kra-pin';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { CustomerActions } from './customer-actions.tsx';
import { customerProfile, signInAs } from './customers.test-helper.ts';

const profile = customerProfile;
const P = 'admin/companies/5/customers/3';
const refused = (status: number, message: string, fieldErrors?: Record<string, string>) => ({
  status,
  message,
  data: fieldErrors ? { fieldErrors } : null,
});

const show = (p = profile()) => renderElement(<CustomerActions companyId={5} profile={p} name="Amani Njoroge" />);

describe("the customer page's actions", () => {
  afterEach(() => storeOperatorSession(null));

  it('edits the profile; a refused e-mail shows next to the e-mail field', async () => {
    signInAs('admin');
    const sent: Record<string, string>[] = [];
    stubApi({
      [`${P}/profile`]: (body) => {
        sent.push(body as Record<string, string>);
        return sent.length === 1
          ? refused(400, texts.emailTaken, { email: texts.emailTaken })
          : ok(profile({ email: 'new@savanna.example' }));
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: "Edit the customer's profile" });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    fireEvent.change(email, { target: { value: 'taken@savanna.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.textContent === texts.emailTaken)).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull(); // not as a loose alert: beside the field
    expect(sent[0]).toMatchObject({ email: 'taken@savanna.example', firstName: 'Amani', region: 'Kenya', countryCode: '+254' });
    fireEvent.change(email, { target: { value: 'new@savanna.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText("The customer's profile is saved.")).toBeTruthy();
  });

  it('edits the KRA PIN: the current one is filled in, a refused one shows under its field, the saved one is on the page', async () => {
    signInAs('admin');
    const sent: Record<string, string>[] = [];
    stubApi({
      [`${P}/profile`]: (body) => {
        sent.push(body as Record<string, string>);
        return sent.length === 1 ? refused(400, kraPinMessage, { kraPin: kraPinMessage }) : ok(profile({ kraPin: 'P051234567Q' }));
      },
    });
    show(profile({ kraPin: 'A123456789B' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = await screen.findByRole('dialog', { name: "Edit the customer's profile" });
    const pin = within(dialog).getByRole('textbox', { name: 'KRA PIN' });
    expect((pin as HTMLInputElement).value).toBe('A123456789B');
    fireEvent.change(pin, { target: { value: 'P05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(pin.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = pin.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.textContent === kraPinMessage)).toBe(true);
    fireEvent.change(pin, { target: { value: 'p051234567q' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText("The customer's profile is saved.")).toBeTruthy();
    expect(sent.map((body) => body.kraPin)).toEqual(['P05', 'p051234567q']);
  });

  it('resend verification: a rate-limited answer is shown as it is, and nothing claims "sent"', async () => {
    signInAs('admin');
    stubApi({ [`${P}/verification`]: refused(429, texts.verificationCapped) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the verification code again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(texts.verificationCapped);
    expect(screen.queryByText(/verification code is mailed/)).toBeNull();
  });

  it('the password link: a rate-limited answer is shown as it is, and nothing claims "sent"', async () => {
    signInAs('admin');
    stubApi({ [`${P}/password-link`]: refused(429, customerAdminMessages.passwordLinkCapped) });
    show(profile({ emailVerifiedAt: '2026-01-02T00:00:00.000Z' }));
    expect(screen.queryByRole('button', { name: 'Resend verification' })).toBeNull(); // verified: nothing to resend
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Amani Njoroge a password link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(customerAdminMessages.passwordLinkCapped);
    expect(screen.queryByText(/password link is mailed/)).toBeNull();
  });

  it('support may e-mail the customer, but sees no manager action', async () => {
    signInAs('support');
    stubApi({});
    show();
    expect(await screen.findByRole('button', { name: 'E-mail customer' })).toBeTruthy();
    for (const name of ['Edit profile', 'Resend verification', 'Send password link', 'Suspend account', 'Close account']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('closes only once the e-mail is typed exactly; an open order refusal is shown in the dialog', async () => {
    signInAs('admin');
    const sent: unknown[] = [];
    stubApi({
      [`${P}/close`]: (body) => {
        sent.push(body);
        return refused(409, texts.closeOpenOrders([41]));
      },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the account of Amani Njoroge?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Asked by ticket #9' } });
    const confirm = within(dialog).getByRole('textbox', { name: /Type amani@savanna.example to confirm/ });
    fireEvent.change(confirm, { target: { value: 'amani@savanna' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByText("Type the customer's e-mail exactly.")).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(confirm, { target: { value: 'Amani@Savanna.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('#41');
    expect(sent).toEqual([{ confirm: 'Amani@Savanna.example', reason: 'Asked by ticket #9' }]);
  });

  it('a closed account says so and offers no action', async () => {
    signInAs('admin');
    stubApi({});
    show(profile({ closedAt: '2026-11-28T10:00:00.000Z', closedReason: 'Asked by ticket #9' }));
    expect((await screen.findByTestId('account-closed')).textContent).toContain('Reason: Asked by ticket #9');
    expect(screen.queryByRole('group', { name: 'Account actions' })).toBeNull();
  });
});
