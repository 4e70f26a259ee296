import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { ConfirmModal } from './confirm-modal.tsx';

describe('console confirm modal', () => {
  // Nothing here calls the API; the providers' own start-up calls get the stub's answers.
  beforeEach(() => {
    stubApi({});
  });

  it('asks, and Confirm and Cancel each do their part', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderElement(
      <ConfirmModal
        opened
        title="Delete the FAQ?"
        text="“How do I pay?” goes for good."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete the FAQ?' });
    expect(dialog.textContent).toContain('“How do I pay?” goes for good.');
    expect(screen.getByRole('button', { name: 'Close' }).isConnected).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open while the action runs, with the corner button named as the area names it', async () => {
    const onClose = vi.fn();
    renderElement(
      <ConfirmModal
        opened
        title="Disable Thabo?"
        text="Thabo can no longer sign in."
        confirmLabel="Yes, continue"
        closeLabel="Dismiss"
        pending
        onConfirm={vi.fn()}
        onClose={onClose}
      />,
    );
    await screen.findByRole('dialog', { name: 'Disable Thabo?' });
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
