import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customerCareMessages as texts } from '@mawingu/contracts/admin/customer-care';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { CustomerNotes } from './customer-notes.tsx';
import { MailCustomerButton } from './mail-customer-button.tsx';

const NOTES = 'admin/companies/5/customers/3/notes';
const note = (id: number, body: string) => ({ id, body, authorName: 'Lerato Dube', createdAt: '2026-11-27T09:30:00.000Z' });

describe('looking after a customer in the console', () => {
  afterEach(() => storeOperatorSession(null));

  it('adds an internal note and shows it first, with its author', async () => {
    const sent: unknown[] = [];
    stubApi({
      [NOTES]: (body) => {
        if (!body) return ok({ notes: [note(1, 'Prefers mail to phone.')] });
        sent.push(body);
        return ok({ notes: [note(2, 'Wants invoices in the company name.'), note(1, 'Prefers mail to phone.')] });
      },
    });
    renderElement(<CustomerNotes companyId={5} customerId={3} />);
    expect(await screen.findByText('Prefers mail to phone.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Add an internal note/), { target: { value: 'Wants invoices in the company name.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent).toEqual([{ body: 'Wants invoices in the company name.' }]));
    const items = within(await screen.findByRole('list', { name: 'Internal notes' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Wants invoices in the company name.');
    expect(items[0]!.textContent).toContain('Lerato Dube');
    expect((screen.getByLabelText(/Add an internal note/) as HTMLTextAreaElement).value).toBe('');
  });

  it("puts the server's refusal of a note under the field", async () => {
    stubApi({
      [NOTES]: (body) =>
        body ? { status: 400, message: texts.noteRequired, data: { fieldErrors: { body: texts.noteRequired } } } : ok({ notes: [] }),
    });
    renderElement(<CustomerNotes companyId={5} customerId={3} />);
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(texts.noteRequired)).toBeTruthy();
  });

  it('mails the customer, and shows the cap refusal in plain words', async () => {
    const sent: unknown[] = [];
    let capped = false;
    stubApi({
      'admin/companies/5/customers/3/mail': (body) => {
        sent.push(body);
        return capped ? { status: 429, message: texts.mailCapped, data: null } : ok({ to: 'amani@savanna.example' });
      },
    });
    renderElement(<MailCustomerButton companyId={5} customerId={3} email="amani@savanna.example" />);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail customer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Subject/), { target: { value: 'Your invoice' } });
    fireEvent.change(within(dialog).getByLabelText(/Message/), { target: { value: 'It is reissued.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send mail' }));
    await waitFor(() => expect(sent).toEqual([{ subject: 'Your invoice', body: 'It is reissued.' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    capped = true;
    fireEvent.click(screen.getByRole('button', { name: 'E-mail customer' }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText(/Subject/), { target: { value: 'Again' } });
    fireEvent.change(within(again).getByLabelText(/Message/), { target: { value: 'Text' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Send mail' }));
    expect(await within(again).findByText(texts.mailCapped)).toBeTruthy();
  });
});
