import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { decodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { ok } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { callsTo, makeVm, setupAccount, stubPhoneScreen } from '../vms.test-helper.ts';

const cardOf = async (name: string) => {
  // The account page's chunks load lazily: the first render of a run can take a while on a busy machine.
  const heading = await screen.findByRole('heading', { name }, { timeout: 15_000 });
  return heading.closest('article')!;
};
const actionButton = (card: HTMLElement, name: string) => within(card).getByRole('button', { name: new RegExp(`^${name}$`) });
const isUnavailable = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('disabled');

/** On a phone every control is in the row's Actions menu: opens it and returns its items. */
async function openMenu(card: HTMLElement) {
  await userEvent.click(within(card).getByRole('button', { name: /^Actions for/ }));
  // happy-dom has no layout: Floating UI takes the trigger for scrolled away and hides the dropdown.
  return screen.findAllByRole('menuitem', { hidden: true });
}

describe('Products: what each row offers', { timeout: 20_000 }, () => {
  it('limits a blocked VM to the unblock modal: every control unavailable, saying the admin blocked it', async () => {
    setupAccount({ 'virtualMachine/getUserVMs': ok([makeVm({ vmName: 'mw-blocked', isBlocked: 1 })]) });
    renderApp('/customerprofile/2');
    const card = await cardOf('mw-blocked');

    for (const name of ['View', 'Shut down', 'Renew', 'Update', 'Clone', 'Snapshot', 'Assign IP', 'Alias', 'Delete']) {
      expect(isUnavailable(actionButton(card, name)), name).toBe(true);
    }
    expect(within(card).getByRole('checkbox')).toHaveProperty('disabled', true);
    // The reason is reachable by keyboard: the control keeps focus and shows its tooltip.
    actionButton(card, 'Update').focus();
    expect((await screen.findByRole('tooltip')).textContent).toContain('Blocked by the admin');
    // A click on an unavailable control opens nothing.
    await userEvent.click(actionButton(card, 'Renew'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: /is blocked by the admin: how to unblock it/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocked virtual machine' });
    expect(dialog.textContent).toContain('mw-blocked has been blocked by the admin');
    expect(within(dialog).getByRole('button', { name: 'Raise New Ticket' })).toBeTruthy();
  });

  it('shows a renewed VM as Renewed in green, its checkbox and Renew unavailable', async () => {
    setupAccount({ 'virtualMachine/getUserVMs': ok([makeVm({ vmName: 'mw-renewed', isRenewed: 1 })]) });
    renderApp('/customerprofile/2');
    const card = await cardOf('mw-renewed');
    const renewed = within(card).getByTestId('vm-renewed');
    expect(renewed.textContent).toBe('Renewed');
    // Green, in the shade that passes AA on its tint.
    expect(renewed.getAttribute('style')).toContain('--badge-bg: var(--mantine-color-green-light)');
    expect(renewed.getAttribute('style')).toContain('color: #1f7a35');
    expect(within(card).getByRole('checkbox', { name: 'Select mw-renewed to renew' })).toHaveProperty('disabled', true);

    const renew = actionButton(card, 'Renew');
    expect(isUnavailable(renew)).toBe(true);
    renew.focus();
    expect((await screen.findByRole('tooltip')).textContent).toContain('it can be renewed again once the renewed period has started');
    expect(isUnavailable(actionButton(card, 'Update'))).toBe(false);
  });

  it('shows Clone Available and offers neither clone nor snapshot; without a copy both lead to their purchase pages', async () => {
    setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ ID: 11, vmName: 'mw-copied', isClone: 1 }), makeVm({ ID: 12, vmName: 'mw-plain' })]),
    });
    const { pathname } = renderApp('/customerprofile/2');
    const copied = await cardOf('mw-copied');
    expect(within(copied).getByTestId('vm-clone-available').textContent).toBe('Clone Available');
    expect(isUnavailable(actionButton(copied, 'Clone'))).toBe(true);
    expect(isUnavailable(actionButton(copied, 'Snapshot'))).toBe(true);

    const plain = await cardOf('mw-plain');
    expect(within(plain).queryByTestId('vm-clone-available')).toBeNull();
    expect(isUnavailable(actionButton(plain, 'Clone'))).toBe(false);
    await userEvent.click(actionButton(plain, 'Snapshot'));
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot of virtual machine' });
    expect(dialog.textContent).toContain('Do you want to proceed further?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toBe('/buysnapshotvm/12'));
  });

  it('shows the spec’s message when the server refuses to delete a running VM', async () => {
    const fetchMock = setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ vmName: 'mw-running' })]),
      'vmAction/deleteVirtualMachine': { status: 400, message: 'Virtual machine must be shut off to perform this operation.', data: null },
    });
    renderApp('/customerprofile/2');
    const card = await cardOf('mw-running');
    await userEvent.click(actionButton(card, 'Delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete virtual machine' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await screen.findByText('Virtual machine must be shut off to perform this operation.');
    expect(toast.closest('.mantine-Notification-root')?.getAttribute('style') ?? '').toContain('red');
    expect(callsTo(fetchMock, 'vmAction/deleteVirtualMachine')).toEqual([
      { provider: 'simulator', virDomainUUID: '6f1c0e4e-0b0a-4c57-9a57-1f7c1d2e3f40' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a phone puts every control in one Actions menu; an action under way shows and keeps them all unavailable', async () => {
    stubPhoneScreen();
    setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ ID: 11, vmName: 'mw-going', vmStatus: 'stopped', pendingAction: 'deleting' })]),
    });
    renderApp('/customerprofile/2');
    const going = await cardOf('mw-going');
    expect(within(going).getByTestId('vm-pending').textContent).toBe('Deleting…');
    expect(within(going).queryByRole('button', { name: 'Delete' })).toBeNull();
    const items = await openMenu(going);
    expect(items).toHaveLength(9);
    expect(items.every(isUnavailable)).toBe(true);
  });

  it('on a phone leads from the Actions menu to the renew page', async () => {
    stubPhoneScreen();
    setupAccount({ 'virtualMachine/getUserVMs': ok([makeVm({ ID: 12, vmName: 'mw-kept' })]) });
    const { pathname } = renderApp('/customerprofile/2');
    const kept = await cardOf('mw-kept');
    await userEvent.click((await openMenu(kept)).find((item) => item.textContent === 'Renew')!);
    const dialog = await screen.findByRole('dialog', { name: 'Renew virtual machine' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toBe('/renewvm/12'));
  });

  it('renews the ticked VMs together on /renewMultipleVM with their ids in the route value', async () => {
    setupAccount({
      'virtualMachine/getUserVMs': ok([
        makeVm({ ID: 11, vmName: 'mw-a' }),
        makeVm({ ID: 12, vmName: 'mw-b', isRenewed: 1 }),
        makeVm({ ID: 15, vmName: 'mw-c', vmStatus: 'expired' }),
      ]),
    });
    const { pathname } = renderApp('/CustomerProfile/2');
    await cardOf('mw-a');
    const renewSelected = screen.getByRole('button', { name: 'Renew selected' });
    expect(renewSelected).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select mw-a to renew' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select mw-c to renew' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(renewSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Renew selected' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['mw-a (Build server)', 'mw-c (Build server)']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toMatch(/^\/renewMultipleVM\//));
    expect(decodeMultiRenewValue(pathname().split('/')[2]!)).toEqual([11, 15]);
  });

  it('asks before an update with the spec’s power-off note, then opens /updatevm/{id}', async () => {
    setupAccount({ 'virtualMachine/getUserVMs': ok([makeVm({ ID: 17, vmName: 'mw-grow', vmStatus: 'stopped' })]) });
    const { pathname } = renderApp('/customerprofile/2');
    const card = await cardOf('mw-grow');
    expect(actionButton(card, 'Start')).toBeTruthy();
    await userEvent.click(actionButton(card, 'Update'));
    const dialog = await screen.findByRole('dialog', { name: 'Update virtual machine' });
    expect(within(dialog).getByTestId('power-off-note').textContent).toBe('*Please Power-Off Virtual Machine to update Configuration.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(pathname()).toBe('/updatevm/17'));
  });

  it('closes the alias modal with the server’s message as an error when the alias is refused', async () => {
    const fetchMock = setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ ID: 11, vmName: 'mw-named', aliasName: null })]),
      'virtualMachine/addAliasName': {
        status: 400,
        message: 'Alias name must be plain text',
        data: { fieldErrors: { aliasName: 'Alias name must be plain text' } },
      },
    });
    renderApp('/customerprofile/2');
    const card = await cardOf('mw-named');
    await userEvent.click(actionButton(card, 'Alias'));
    const dialog = await screen.findByRole('dialog', { name: 'Alias name' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Alias name' }), '  Web 1 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alias name must be plain text')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alias name' })).toBeNull());
    expect(callsTo(fetchMock, 'virtualMachine/addAliasName')).toEqual([{ aliasName: 'Web 1', productID: 11 }]);
  });
});
