import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { RESTORE_REFRESH_MS } from '../use-restore.ts';
import { callsTo, makeArchived, makeBackup, makeRenewal, setupAccount } from '../vms.test-helper.ts';

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }, { timeout: 15_000 }));
  return screen.findByRole('tabpanel', { name });
}

describe('Backup, Archived and Renewals tabs', { timeout: 30_000 }, () => {
  it('says No data to display on every empty list', async () => {
    setupAccount();
    renderApp('/customerprofile/2');
    for (const tab of ['Products', 'Renewals', 'Backup', 'Archived']) {
      const panel = await openTab(tab);
      expect(await within(panel).findByText('No data to display'), tab).toBeTruthy();
    }
  });

  it('restores a clone: the spec’s message, then the lists are fetched again 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = setupAccount({
      'virtualMachine/getUserBackups': ok([
        makeBackup(),
        makeBackup({ ID: 32, isCloneOrSnapshot: 'Snapshot', cloneDuration: null, cloneType: null, cloneUUID: 'snap-32' }),
      ]),
      'virtualMachine/restoreCloneVM': ok({ ID: 31, pendingAction: 'restoring' }, 'Clone Virtual Machine restored successfully.'),
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Backup');
    const [clone, snapshot] = await within(panel).findAllByTestId('backup-item');
    expect(clone!.textContent).toContain('3 × Weekly');
    expect(within(snapshot!).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(snapshot!).getByRole('button', { name: 'Delete snapshot' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Raise New Ticket' })).toBeTruthy();

    await userEvent.click(within(clone!).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore clone' });
    const listCalls = () => callsTo(fetchMock, 'virtualMachine/getUserBackups').length;
    const before = listCalls();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Clone Virtual Machine restored successfully.')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/restoreCloneVM')).toEqual([{ provider: 'simulator', cloneVmUUID: 'clone-uuid-31' }]);
    await act(() => vi.advanceTimersByTimeAsync(RESTORE_REFRESH_MS - 500));
    expect(listCalls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(listCalls()).toBe(before + 1));
  });

  it('shows the spec’s message when a clone cannot be restored, and offers no restore of a restored clone', async () => {
    setupAccount({
      'virtualMachine/getUserBackups': ok([
        makeBackup(),
        makeBackup({ ID: 33, vmName: 'mw-old', isRestoredVM: 1, backupStatus: 'restored' }),
      ]),
      'virtualMachine/restoreCloneVM': {
        status: 400,
        message: 'Unable to restore Clone Virtual Machine. Try again in sometime.',
        data: null,
      },
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Backup');
    const [ready, restored] = await within(panel).findAllByTestId('backup-item');
    expect(within(restored!).getByRole('button', { name: 'Restore' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(ready!).getByRole('button', { name: 'Restore' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Restore clone' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Unable to restore Clone Virtual Machine. Try again in sometime.')).toBeTruthy();
  });

  it('deletes a snapshot after its confirmation with the spec’s field name', async () => {
    const fetchMock = setupAccount({
      'virtualMachine/getUserBackups': ok([
        makeBackup({ ID: 32, isCloneOrSnapshot: 'Snapshot', cloneDuration: null, cloneType: null, cloneUUID: 'snap-32' }),
      ]),
      'vmAction/deleteSnapshot': ok({ ID: 32, pendingAction: 'deleting' }, 'Your snapshot is being deleted'),
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Backup');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete snapshot' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete snapshot' }));
    expect(await screen.findByText('Your snapshot is being deleted')).toBeTruthy();
    expect(callsTo(fetchMock, 'vmAction/deleteSnapshot')).toEqual([{ provider: 'simulator', SnapshotVMUUID: 'snap-32' }]);
  });

  it('restores an archived VM with the spec’s message and fetches the lists again 3 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = setupAccount({
      'virtualMachine/getArchivedVMs': ok([makeArchived(), makeArchived({ ID: 22, vmName: 'mw-locked', isBlocked: 1 })]),
      'virtualMachine/restoreArchiveVM': ok({ ID: 21, pendingAction: 'restoring' }, 'Archive Virtual Machine restored successfully.'),
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Archived');
    const [archived, locked] = await within(panel).findAllByTestId('archived-item');
    expect(within(locked!).getByRole('button', { name: 'Restore' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Raise New Ticket' })).toBeNull();

    await userEvent.click(within(archived!).getByRole('button', { name: 'Restore' }));
    const vmsCalls = () => callsTo(fetchMock, 'virtualMachine/getUserVMs').length;
    const before = vmsCalls();
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Restore archived virtual machine' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Archive Virtual Machine restored successfully.')).toBeTruthy();
    expect(callsTo(fetchMock, 'virtualMachine/restoreArchiveVM')).toEqual([
      { provider: 'simulator', virtualMachineUUID: 'archived-uuid-21' },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(RESTORE_REFRESH_MS + 100));
    // The archived list is asked again (the restored VM leaves it); Products is fetched when opened.
    await waitFor(() => expect(callsTo(fetchMock, 'virtualMachine/getArchivedVMs').length).toBe(2));
    await openTab('Products');
    await waitFor(() => expect(vmsCalls()).toBeGreaterThan(before));
  });

  it('shows the spec’s message when an archived VM cannot be restored', async () => {
    setupAccount({
      'virtualMachine/getArchivedVMs': ok([makeArchived()]),
      'virtualMachine/restoreArchiveVM': {
        status: 400,
        message: 'Unable to restore Archive Virtual Machine. Try again in sometime.',
        data: null,
      },
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Archived');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Restore' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Restore archived virtual machine' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Unable to restore Archive Virtual Machine. Try again in sometime.')).toBeTruthy();
  });

  it('lists renewals with days, dates and the amount to the cent', async () => {
    setupAccount({ 'virtualMachine/getRenewals': ok([makeRenewal()]) });
    renderApp('/customerprofile/2');
    const panel = await openTab('Renewals');
    const [row] = await within(panel).findAllByTestId('renewal-row');
    expect(row!.textContent).toContain('mw-ubuntu-0011');
    expect(row!.textContent).toContain('30 days');
    expect(row!.textContent).toContain('ZAR 1,234.50');
    expect(within(row!).queryByTestId('renewal-charged')).toBeNull();
  });

  it('shows what a renewal paid in another currency was charged, and the rate, beside the rand amount', async () => {
    setupAccount({
      'virtualMachine/getRenewals': ok([
        makeRenewal({ amount: '558.37', charged: { currencyCode: 'USD', amount: '35.18', rate: '0.063' } }),
        makeRenewal({ orderID: 40, amount: '100.00', charged: { currencyCode: 'USD', amount: '6.30', rate: null } }),
      ]),
    });
    renderApp('/customerprofile/2');
    const panel = await openTab('Renewals');
    const rows = await within(panel).findAllByTestId('renewal-row');
    expect(rows[0]!.textContent).toContain('ZAR 558.37');
    expect(within(rows[0]!).getByTestId('renewal-charged').textContent).toBe('Charged USD 35.18 at 1 ZAR = 0.063 USD');
    // Paid before rates were kept: the amount alone.
    expect(within(rows[1]!).getByTestId('renewal-charged').textContent).toBe('Charged USD 6.30');
  });
});
