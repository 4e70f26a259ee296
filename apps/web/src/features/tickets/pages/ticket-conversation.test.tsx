import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@mawingu/contracts/envelope';
import type { TicketDetail } from '@mawingu/contracts/tickets';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';

const ticket: TicketDetail = {
  ticketID: 7,
  issueType: 'Virtual Machine',
  ticketDate: '2026-11-20T09:30:00.000Z',
  ticketStatus: 'Open',
  description: 'My VM is slow.',
  attachment: [],
  ticketResponse: [
    { responseDate: '2026-11-21T07:05:00.000Z', ticketStatus: 'Resolved', response: 'Moved to a faster host.', attachment: [] },
  ],
  conversation: [
    { from: 'customer', date: '2026-11-22T08:00:00.000Z', message: 'Still slow after the move.', ticketStatus: 'Open', attachment: [] },
    { from: 'operator', date: '2026-11-22T09:00:00.000Z', message: 'We added a CPU core.', ticketStatus: 'In Progress', attachment: [] },
  ],
};

function setup(replyAnswer: (body: { ticketID: number; message: string }) => Envelope<unknown>) {
  signInAs();
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'ticket/getTicketDetailByID': () => ok(ticket),
    'ticket/replyToTicket': (body) => replyAnswer(body as { ticketID: number; message: string }),
  });
}

describe('ticket conversation (issue 17, point 4)', () => {
  it('lists the messages after the first response, oldest first, marked by who wrote them', async () => {
    setup(() => ok({ ticketID: 7, ticketStatus: 'Open' }, 'Reply sent'));
    renderApp('/TicketDetails/7');
    const list = await screen.findByRole('list', { name: 'Conversation' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^You.*Still slow after the move\.$/),
      expect.stringMatching(/^Support.*In Progress.*We added a CPU core\.$/),
    ]);
  });

  it('sends a reply and says so; an empty one is refused with the message on the field, without a call', async () => {
    const fetchMock = setup(() => ok({ ticketID: 7, ticketStatus: 'Open' }, 'Reply sent'));
    renderApp('/TicketDetails/7');
    const field = await screen.findByRole('textbox', { name: 'Your reply' });
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write your reply')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('ticket/replyToTicket'))).toBe(false);

    await userEvent.type(field, 'Thanks, it is fast now.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('ticket/replyToTicket'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ticketID: 7, message: 'Thanks, it is fast now.' });
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it("puts the server's field error on the field", async () => {
    setup(() => ({
      status: 400,
      message: 'The reply is too long (at most 5000 characters)',
      data: { fieldErrors: { message: 'The reply is too long (at most 5000 characters)' } },
    }));
    renderApp('/TicketDetails/7');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your reply' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('The reply is too long (at most 5000 characters)')).toBeTruthy();
  });
});
