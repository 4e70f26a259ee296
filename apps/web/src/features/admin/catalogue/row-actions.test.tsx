import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { EditDeleteActions } from './row-actions.tsx';

describe('catalogue row actions', () => {
  beforeEach(() => {
    stubApi({});
  });

  it('names the row on both buttons, asks before deleting and deletes only on Delete', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn(() => Promise.resolve());
    renderElement(<EditDeleteActions area="regions" name="Kenya" onEdit={onEdit} onDelete={onDelete} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Kenya' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Kenya' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Kenya');
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('offers no Delete for a row that cannot go', async () => {
    renderElement(<EditDeleteActions area="regions" name="South Africa" onEdit={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Edit South Africa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete South Africa' })).toBeNull();
  });
});
