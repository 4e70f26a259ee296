import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { callsTo, makeVm, setupAccount } from '../vms.test-helper.ts';

async function openAssignIp() {
  const heading = await screen.findByRole('heading', { name: 'mw-web' }, { timeout: 15_000 });
  await userEvent.click(within(heading.closest('article')!).getByRole('button', { name: 'Assign IP' }));
  return screen.findByRole('dialog', { name: 'Assign public IP' });
}

describe('Assign IP', { timeout: 20_000 }, () => {
  it('shows the spec’s maintenance text instead of the form while the company is in maintenance', async () => {
    const fetchMock = setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ vmName: 'mw-web' })]),
      'allowIP/getMaintenanceFlag': ok({ runMerakiScript: 1 }),
    });
    renderApp('/customerprofile/2');
    const dialog = await openAssignIp();
    expect((await within(dialog).findByTestId('maintenance')).textContent).toBe('In maintanance mode. please try again later');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(callsTo(fetchMock, 'allowIP/assignPublicIP')).toHaveLength(0);
  });

  it('checks the fields with the spec’s messages, filters keystrokes, then assigns and says Successfull', async () => {
    const fetchMock = setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ ID: 11, vmName: 'mw-web' })]),
      'allowIP/getMaintenanceFlag': ok({ runMerakiScript: 0 }),
      'allowIP/assignPublicIP': ok({ ID: 11, publicIpState: 'pending', ciscoMerakiIP: null }, 'Successfull'),
    });
    renderApp('/customerprofile/2');
    const dialog = await openAssignIp();
    const lanIp = await within(dialog).findByRole('textbox', { name: /LAN IP/ });
    const submit = within(dialog).getByRole('button', { name: 'Assign IP' });

    await userEvent.click(submit);
    expect(dialog.textContent).toContain('LAN IP Address required');
    expect(dialog.textContent).toContain('Host Name required');
    expect(dialog.textContent).toContain('TCP Ports required');
    expect(lanIp.getAttribute('aria-invalid')).toBe('true');

    // LAN IP takes digits, dots and colons; ports digits and commas.
    await userEvent.type(lanIp, '10.0a.0.300 ');
    expect((lanIp as HTMLInputElement).value).toBe('10.0.0.300');
    expect(dialog.textContent).toContain('Enter Valid LAN IP Address');
    await userEvent.clear(lanIp);
    await userEvent.type(lanIp, '10.0.0.12');
    expect(dialog.textContent).not.toContain('Enter Valid LAN IP Address');

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Host Name/ }), 'web-1');
    const tcp = within(dialog).getByRole('textbox', { name: /TCP Ports/ });
    await userEvent.type(tcp, '80, 443;x');
    expect((tcp as HTMLInputElement).value).toBe('80,443');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /UDP Ports/ }), '70000');
    expect(dialog.textContent).toContain('Ports must be numbers from 1 to 65535');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /UDP Ports/ }));

    await userEvent.click(submit);
    expect(await screen.findByText('Successfull')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assign public IP' })).toBeNull());
    expect(callsTo(fetchMock, 'allowIP/assignPublicIP')).toEqual([
      { lanIP: '10.0.0.12', hostName: 'web-1', tcpPort: ['80', '443'], productID: 11 },
    ]);
  });

  it('puts the server’s field message under its field', async () => {
    setupAccount({
      'virtualMachine/getUserVMs': ok([makeVm({ vmName: 'mw-web' })]),
      'allowIP/getMaintenanceFlag': ok({ runMerakiScript: 0 }),
      'allowIP/assignPublicIP': {
        status: 400,
        message: 'Host Name must be plain text',
        data: { fieldErrors: { hostName: 'Host Name must be plain text' } },
      },
    });
    renderApp('/customerprofile/2');
    const dialog = await openAssignIp();
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /LAN IP/ }), '10.0.0.12');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Host Name/ }), 'web');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /TCP Ports/ }), '22');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign IP' }));
    expect(await within(dialog).findByText('Host Name must be plain text')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Host Name/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('offers no Assign IP once an IP is assigned, and says when one is being assigned', async () => {
    setupAccount({
      'virtualMachine/getUserVMs': ok([
        makeVm({ ID: 11, vmName: 'mw-has-ip', ciscoMerakiIP: '196.25.10.14', publicIpState: 'active' }),
        makeVm({ ID: 12, vmName: 'mw-waiting', publicIpState: 'pending' }),
      ]),
    });
    renderApp('/customerprofile/2');
    const has = (await screen.findByRole('heading', { name: 'mw-has-ip' }, { timeout: 15_000 })).closest('article')!;
    expect(within(has).getByTestId('vm-ip').textContent).toBe('196.25.10.14');
    expect(within(has).getByRole('button', { name: 'Assign IP' }).getAttribute('aria-disabled')).toBe('true');
    const waiting = screen.getByRole('heading', { name: 'mw-waiting' }).closest('article')!;
    expect(waiting.textContent).toContain('Being assigned…');
    expect(within(waiting).getByRole('button', { name: 'Assign IP' }).getAttribute('aria-disabled')).toBe('true');
  });
});
