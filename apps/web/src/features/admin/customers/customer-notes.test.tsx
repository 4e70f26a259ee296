import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { CustomerNotes } from './customer-notes.tsx';

describe('internal notes on a customer', () => {
  it('lists them as the API gives them (newest first) with author and time, and adds one', async () => {
    const notes = [
      { id: 2, note: 'Prefers phone calls.', writtenBy: 'Naledi (admin)', createdAt: '2026-11-28T10:00:00.000Z' },
      { id: 1, note: 'Will pay Friday.', writtenBy: 'Sipho (support)', createdAt: '2026-11-27T09:00:00.000Z' },
    ];
    const added: unknown[] = [];
    stubApi({
      'admin/companies/5/customers/3/notes': (body) => {
        if (body === undefined) return ok({ items: notes });
        added.push(body);
        const note = (body as { note: string }).note;
        if (!note.trim()) return { status: 400, message: texts.noteRequired, data: { fieldErrors: { note: texts.noteRequired } } };
        notes.unshift({ id: 3, note, writtenBy: 'O', createdAt: '2026-11-29T08:00:00.000Z' });
        return ok(notes[0], texts.noteAdded);
      },
    });
    renderElement(<CustomerNotes companyId={5} customerId={3} />);
    const list = await screen.findByRole('list', { name: 'Internal notes' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      expect.stringContaining('Prefers phone calls.'),
      expect.stringContaining('Will pay Friday.'),
    ]);
    expect(list.textContent).toContain('Naledi (admin)');

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(texts.noteRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Asked for a call back.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Internal notes' }).querySelector('li')?.textContent).toContain('Asked for a call back.'),
    );
    expect(added.at(-1)).toEqual({ note: 'Asked for a call back.' });
  });
});
