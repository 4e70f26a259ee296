import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketDetail } from '@mawingu/contracts/admin/tickets';
import userEvent from '@testing-library/user-event';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { InternalNotes, TriageControls } from './triage-panel.tsx';

const ticket: AdminTicketDetail = {
  ticketId: 12,
  issueType: 'Billing',
  status: 'Open',
  description: 'Invoice question',
  createdAt: '2026-11-20T08:00:00Z',
  customer: { id: 3, name: 'Thandi M', email: 'thandi@acme.example' },
  attachments: [],
  responses: [],
  priority: 'normal',
  assignee: null,
  notes: [{ noteId: 1, note: 'Refund approved up to R500', writtenBy: 'Amina', createdAt: '2026-11-20T09:00:00Z' }],
  assignable: [
    { id: 7, name: 'Amina' },
    { id: 8, name: 'Brian' },
  ],
};

/** A Mantine Select: its input (the option list carries the label too), then the option. */
async function choose(label: string, option: string) {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
  await userEvent.click(input);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

type Sent = { url: string; method: string; body: unknown };

describe('console ticket: priority, assignee and internal notes', () => {
  const sent: Sent[] = [];
  beforeEach(() => {
    storeOperatorSession({
      token: 'op-token',
      operator: { id: 7, email: 'amina@acme.example', name: 'Amina', role: 'support', companyId: 5 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ url, method: init.method ?? 'GET', body });
        if (String(url).endsWith('/notes') && !body.note.trim()) {
          return Response.json(
            { status: 400, message: 'Write the note.', data: { fieldErrors: { note: 'Write the note.' } } },
            { status: 400 },
          );
        }
        if (String(url).endsWith('/notes')) {
          return Response.json({
            status: 200,
            message: 'ok',
            data: { noteId: 2, note: body.note, writtenBy: 'Amina', createdAt: '2026-11-20T10:00:00Z' },
          });
        }
        return Response.json({ status: 200, message: 'ok', data: { ticketId: 12, priority: body.priority ?? 'normal', assignee: null } });
      }),
    );
  });
  afterEach(() => {
    sent.length = 0;
    vi.unstubAllGlobals();
  });

  it('sets the priority and assigns the ticket to one of the company’s operators', async () => {
    renderElement(<TriageControls companyId={5} ticket={ticket} />);
    await screen.findAllByLabelText('Priority');
    await choose('Priority', 'Urgent');
    await waitFor(() => expect(sent.some((s) => s.method === 'PATCH')).toBe(true));
    expect(sent.find((s) => s.method === 'PATCH')).toMatchObject({ body: { priority: 'urgent' } });
    expect(sent.find((s) => s.method === 'PATCH')!.url).toMatch(/\/api\/admin\/companies\/5\/tickets\/12$/);

    await choose('Assigned to', 'Brian');
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((s) => s.method === 'PATCH')[1]).toMatchObject({ body: { assignedOperatorId: 8 } });
  });

  it('lists the internal notes, says the customer never sees them, and shows a refused note next to the field', async () => {
    renderElement(<InternalNotes companyId={5} ticket={ticket} />);
    expect(await screen.findByText('Refund approved up to R500')).toBeTruthy();
    expect(screen.getByText(/never shown, sent or mailed to the customer/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'New internal note' }), { target: { value: 'Called the customer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(sent.filter((s) => s.url.endsWith('/notes'))).toHaveLength(2));
    expect(sent.filter((s) => s.url.endsWith('/notes'))[1]).toMatchObject({ method: 'POST', body: { note: 'Called the customer' } });
  });
});
