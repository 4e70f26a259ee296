import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TicketSummary } from '@mawingu/contracts/tickets';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { signInAs } from '../../../../test/session.ts';
import { TicketsPanel } from './tickets-panel.tsx';

const renderPanel = (element: ReactNode) =>
  renderElement(element, [{ path: '/TicketDetails/:ticketID', element: <p>ticket details</p> }]).router;

const ticket = (overrides: Partial<TicketSummary>): TicketSummary => ({
  ticketID: 1,
  issueType: 'Billing',
  ticketDate: '2026-11-20T09:30:00.000Z',
  ticketStatus: 'Open',
  description: 'Charged twice',
  attachment: [],
  ...overrides,
});

describe('tickets panel', () => {
  it('lists the tickets with issue type, date, description and a green badge only for Resolved', async () => {
    signInAs();
    stubApi({
      'ticket/getallUserTicket': ok([
        ticket({
          ticketID: 12,
          issueType: 'Billing',
          ticketStatus: 'Resolved',
          attachment: [{ name: 'invoice.pdf', url: '/api/ticket/attachment/x' }],
        }),
        ticket({ ticketID: 11, issueType: 'Network', ticketStatus: 'In Progress', description: '<b>Packet loss</b> from Nairobi' }),
      ]),
    });
    const router = renderPanel(<TicketsPanel />);

    const list = await screen.findByRole('list', { name: 'Your tickets' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Billing');
    expect(items[0]!.textContent).toContain('Ticket #12 · 20 Nov 2026');
    expect(items[0]!.textContent).toContain('1 attachment');
    // Markup in a description is text, never HTML.
    expect(items[1]!.textContent).toContain('<b>Packet loss</b> from Nairobi');
    expect(within(items[0]!).getByText('Resolved').closest('[data-status]')!.getAttribute('data-status')).toBe('resolved');
    expect(within(items[1]!).getByText('In Progress').closest('[data-status]')!.getAttribute('data-status')).toBe('other');

    await userEvent.click(items[1]!);
    expect(router.state.location.pathname).toBe('/TicketDetails/11');
  });

  it('says so when there are no tickets yet', async () => {
    signInAs();
    stubApi({ 'ticket/getallUserTicket': ok([]) });
    renderPanel(<TicketsPanel />);
    expect(await screen.findByText('No tickets yet')).toBeTruthy();
  });

  it('shows the server’s message and a retry when the list cannot be loaded', async () => {
    signInAs();
    let calls = 0;
    stubApi({
      'ticket/getallUserTicket': () =>
        ++calls === 1 ? { status: 500, message: 'Something went wrong. Please try again later.', data: null } : ok([ticket({})]),
    });
    renderPanel(<TicketsPanel />);
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ticket #1: Billing, Open' })).toBeTruthy();
  });
});
