import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { TicketDetail } from '@mawingu/contracts/tickets';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';

const ticket: TicketDetail = {
  ticketID: 7,
  issueType: 'Virtual Machine',
  ticketDate: '2026-11-20T09:30:00.000Z',
  ticketStatus: 'Resolved',
  description: 'My VM does not boot.\nIt says <no bootable device>.',
  attachment: [{ name: 'console.png', url: '/api/ticket/attachment/11111111-1111-4111-8111-111111111111' }],
  ticketResponse: [],
  conversation: [],
};

function setup(detail: TicketDetail | null) {
  signInAs();
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'ticket/getTicketDetailByID': (body) =>
      detail && (body as { ticketID: number }).ticketID === detail.ticketID
        ? ok(detail)
        : { status: 404, message: 'Ticket not found', data: null },
  });
}

describe('ticket details page', () => {
  it('shows the ticket information: date, issue type as title, description as text and its files', async () => {
    const fetchMock = setup(ticket);
    renderApp('/TicketDetails/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #7' })).toBeTruthy();
    const panel = await screen.findByRole('tabpanel', { name: 'Ticket Information' });
    expect(within(panel).getByText(/^20 Nov 2026, \d\d:\d\d$/)).toBeTruthy();
    expect(within(panel).getAllByText('Virtual Machine').length).toBeGreaterThan(0);
    expect(within(panel).getByText(/It says <no bootable device>\./)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Download console.png' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('ticket/getTicketDetailByID'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ ticketID: 7 });
  });

  it('says there is no response yet on the Ticket Response tab', async () => {
    setup(ticket);
    renderApp('/TicketDetails/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket Response' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Ticket Response' });
    expect(within(panel).getByText('There is no response received yet from admin')).toBeTruthy();
  });

  it('shows the first response with its date, status, text and files', async () => {
    setup({
      ...ticket,
      ticketResponse: [
        {
          responseDate: '2026-11-21T07:05:00.000Z',
          ticketStatus: 'In Progress',
          response: 'We are moving your VM to another host.',
          attachment: [{ name: 'plan.pdf', url: '/api/ticket/attachment/22222222-2222-4222-8222-222222222222' }],
        },
      ],
    });
    renderApp('/TicketDetails/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket Response' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Ticket Response' });
    expect(within(panel).getByText('We are moving your VM to another host.')).toBeTruthy();
    expect(within(panel).getByText('In Progress').closest('[data-status]')!.getAttribute('data-status')).toBe('other');
    expect(within(panel).getByText(/^21 Nov 2026, \d\d:\d\d$/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Download plan.pdf' })).toBeTruthy();
    expect(within(panel).queryByText('There is no response received yet from admin')).toBeNull();
  });

  it('downloads a file with the session’s headers', async () => {
    const userData = signInAs();
    const fetchMock = setup(ticket);
    // The attachment route answers with the file, not an envelope.
    const apiFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/api/ticket/attachment/') ? new Response('png bytes', { status: 200 }) : apiFetch(input, init),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:console');
    onTestFinished(() => createObjectURL.mockRestore());
    renderApp('/TicketDetails/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Download console.png' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/ticket/attachment/'))!;
    expect((init!.headers as Record<string, string>).authorization).toBe(userData.token);
  });

  it('shows "Ticket not found" for a ticket number that is not a number, without asking the server', async () => {
    const fetchMock = setup(ticket);
    renderApp('/TicketDetails/abc');
    expect(await screen.findByText('Ticket not found')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('ticket/getTicketDetailByID'))).toBe(false);
  });

  it('shows "Ticket not found" for another customer’s ticket', async () => {
    setup(ticket);
    renderApp('/TicketDetails/8');
    expect(await screen.findByText('Ticket not found')).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'Back to tickets' });
    expect(back.map((link) => link.getAttribute('href'))).toEqual(['/customerprofile/1', '/customerprofile/1']);
  });

  it('sends visitors to the login page', async () => {
    stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]) });
    const { pathname } = renderApp('/TicketDetails/7');
    await waitFor(() => expect(pathname()).toBe('/customerlogin'));
  });
});
