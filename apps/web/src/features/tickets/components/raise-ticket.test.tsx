import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@mawingu/contracts/envelope';
import type { TicketSummary } from '@mawingu/contracts/tickets';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { signInAs } from '../../../../test/session.ts';
import { RaiseTicketButton } from './raise-ticket-button.tsx';
import { TicketsPanel } from './tickets-panel.tsx';

const MB = 1024 * 1024;

/** A file of the given size without allocating it (only the size is read before sending). */
function fileOf(name: string, size: number, type = 'image/png') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const issueTypes = ok(['Billing', 'Virtual Machine', 'Other'].map((issueName) => ({ issueName })));
const raised: TicketSummary = {
  ticketID: 31,
  issueType: 'Billing',
  ticketDate: '2026-11-21T08:00:00.000Z',
  ticketStatus: 'Open',
  description: 'Charged twice',
  attachment: [],
};

function setup(generate: (body: unknown) => Envelope<unknown> | Promise<Envelope<unknown>>) {
  signInAs();
  let submitted = false;
  const fetchMock = stubApi({
    'ticket/getTicketIssueType': issueTypes,
    'ticket/getallUserTicket': () => ok(submitted ? [raised] : []),
    'ticket/generateTicket': async (body) => {
      const reply = await generate(body);
      submitted = reply.status === 200;
      return reply;
    },
  });
  renderElement(
    <>
      <RaiseTicketButton />
      <TicketsPanel />
    </>,
  );
  const sent = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).endsWith('ticket/generateTicket')).map(([, init]) => init!.body as FormData);
  return { sent };
}

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Raise New Ticket' }));
  const dialog = await screen.findByRole('dialog', { name: 'Raise a new ticket' });
  // The issue types have arrived when the select offers them.
  await within(dialog).findByRole('option', { name: 'Billing' });
  return dialog;
}

const fileInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Attachments') as HTMLInputElement;

describe('raise-ticket modal', () => {
  it('asks for the issue type and description with the spec’s messages, without calling the API', async () => {
    const { sent } = setup(() => ok({ ticketID: 1 }));
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please select Issue Type')).toBeTruthy();
    expect(within(dialog).getByText('Please Enter Description')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it('refuses a 21 MB file and a fifth file as they are chosen, keeping the others', async () => {
    setup(() => ok({ ticketID: 1 }));
    const dialog = await openModal();

    await userEvent.upload(fileInput(dialog), [fileOf('screen.png', 2 * MB), fileOf('disk image.iso', 21 * MB)]);
    expect(await within(dialog).findByText('disk image.iso is more than 20 MB')).toBeTruthy();
    const chosen = () =>
      within(within(dialog).getByRole('list', { name: 'Chosen files' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(chosen()).toEqual([expect.stringContaining('screen.png')]);

    await userEvent.upload(
      fileInput(dialog),
      ['a', 'b', 'c', 'd'].map((n) => fileOf(`${n}.png`, 1000)),
    );
    expect(await within(dialog).findByText('You can attach at most 4 files')).toBeTruthy();
    expect(chosen()).toEqual(['screen.png', 'a.png', 'b.png', 'c.png'].map((n) => expect.stringContaining(n)));

    // Removing one makes room again and clears the message.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove a.png' }));
    expect(within(dialog).queryByText('You can attach at most 4 files')).toBeNull();
    expect(chosen()).toHaveLength(3);
  });

  it('sends the form with its files, disables Submit in flight, then toasts, closes and refreshes the list', async () => {
    let answer!: (reply: Envelope<unknown>) => void;
    const { sent } = setup(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
    const dialog = await openModal();

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Issue type/ }), 'Billing');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Charged twice');
    await userEvent.upload(fileInput(dialog), [fileOf('invoice.pdf', 5000, 'application/pdf'), fileOf('receipt.png', 7000)]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    const form = sent()[0]!;
    expect(form.get('issueType')).toBe('Billing');
    expect(form.get('description')).toBe('Charged twice');
    expect((form.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['invoice.pdf', 'receipt.png']);

    answer(ok({ ticketID: 31 }, 'Ticket submitted successfully'));
    expect(await screen.findByText('Ticket submitted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Raise a new ticket' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Ticket #31: Billing, Open' })).toBeTruthy();
  });

  it('puts the server’s field errors under their fields', async () => {
    setup(() => ({
      status: 413,
      message: 'big.iso is more than 20 MB',
      data: { fieldErrors: { attachments: 'big.iso is more than 20 MB' } },
    }));
    const dialog = await openModal();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Issue type/ }), 'Other');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Logs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('big.iso is more than 20 MB')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Raise a new ticket' })).toBeTruthy();
  });
});
