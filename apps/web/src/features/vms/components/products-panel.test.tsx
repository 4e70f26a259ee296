import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { messages } from '@mawingu/contracts/messages';
import { PROVISIONING_POLL_MS } from '../../../api/vms/get-user-vms.ts';
import { ok } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import vms from '../../../i18n/vms/en.json';
import { formatDay } from '../../../lib/format-day.ts';
import { makeVm as makeVmOf, setupAccount } from '../vms.test-helper.ts';

/** The Products tab's VMs carry an assigned IP unless a test says otherwise. */
const makeVm = (overrides: Partial<ActiveVm> = {}) => makeVmOf({ ciscoMerakiIP: '196.25.10.14', ...overrides });
const setup = setupAccount;

const items = () => screen.findAllByTestId('vm-item');

describe('account page: Products tab', () => {
  it('lists each VM with name, alias, OS, CPU, RAM, disk, dates, state and the assigned IP in green', async () => {
    setup({
      'virtualMachine/getUserVMs': ok([
        makeVm(),
        makeVm({
          ID: 12,
          vmName: 'mw-win-0012',
          aliasName: null,
          operatingSystem: 'Windows Server 2022',
          ciscoMerakiIP: null,
          vmStatus: 'stopped',
        }),
      ]),
    });
    renderApp('/customerprofile/2');
    const panel = await screen.findByRole('tabpanel', { name: 'Products' });
    const [first, second] = await items();
    expect(within(panel).getByRole('list', { name: 'Your virtual machines' })).toBeTruthy();

    const card = within(first!);
    expect(card.getByRole('heading', { name: 'mw-ubuntu-0011' })).toBeTruthy();
    expect(first!.textContent).toContain('Alias: Build server');
    expect(first!.textContent).toContain('Ubuntu');
    expect(first!.textContent).toContain('4 vCPU');
    expect(first!.textContent).toContain('8 GB');
    expect(first!.textContent).toContain('100 GB');
    expect(first!.textContent).toContain(formatDay('2026-11-05T10:00:00.000Z', 'en'));
    expect(formatDay('2026-11-05T10:00:00.000Z', 'en')).toMatch(/^0[56] Nov, 2026$/);
    expect(first!.textContent).toContain(formatDay('2026-12-05T10:00:00.000Z', 'en'));
    expect(card.getByText('Running')).toBeTruthy();
    const ip = card.getByTestId('vm-ip');
    expect(ip.textContent).toBe('196.25.10.14');
    expect(ip.getAttribute('data-color')).toBe('green');

    expect(second!.textContent).toContain('Alias: No alias');
    expect(second!.textContent).toContain('Not assigned');
    expect(within(second!).queryByTestId('vm-ip')).toBeNull();
    expect(within(second!).getByText('Stopped')).toBeTruthy();
  });

  it('says why a public IP request failed on the VM’s row (a port in use), and plainly when no reason is known', async () => {
    const reason = 'Port 8443 (TCP) is already in use by another virtual machine: choose another port';
    setup({
      'virtualMachine/getUserVMs': ok([
        makeVm({ ID: 15, vmName: 'mw-ip-clash', ciscoMerakiIP: null, publicIpState: 'failed', publicIpError: reason }),
        makeVm({ ID: 16, vmName: 'mw-ip-failed', ciscoMerakiIP: null, publicIpState: 'failed', publicIpError: null }),
      ]),
    });
    renderApp('/customerprofile/2');
    const [clash, plain] = await items();
    expect(within(clash!).getByTestId('vm-ip-failed').textContent).toBe(`Not assigned: ${reason}`);
    expect(within(plain!).getByTestId('vm-ip-failed').textContent).toBe(vms.vm.ipFailed);
  });

  it('shows the spec’s empty text with the way to the marketplace', async () => {
    setup({ 'virtualMachine/getUserVMs': ok([]) });
    renderApp('/customerprofile/2');
    const panel = await screen.findByRole('tabpanel', { name: 'Products' });
    expect(await within(panel).findByText('No data to display')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Explore Marketplace' }).getAttribute('href')).toBe('/marketplace/all');
  });

  it('shows blocked and failed machines calmly for what they are', async () => {
    setup({
      'virtualMachine/getUserVMs': ok([
        makeVm({ ID: 13, vmName: 'mw-blocked', isBlocked: 1 }),
        makeVm({ ID: 14, vmName: 'mw-failed', vmStatus: 'failed', startDate: null, endDate: null, ciscoMerakiIP: null, createdUUID: null }),
      ]),
    });
    renderApp('/customerprofile/2');
    const [blocked, failed] = await items();
    expect(within(blocked!).getByText('Blocked')).toBeTruthy();
    expect(blocked!.textContent).toContain('blocked by the admin');
    expect(within(failed!).getByText('Not created')).toBeTruthy();
    expect(failed!.textContent).toContain('Your payment is safe');
    expect(failed!.textContent).toContain('Not yet');
  });

  it('asks again every few seconds while a VM is being prepared, until it runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: ActiveVm['vmStatus'] = 'provisioning';
    const fetchMock = setup({
      'virtualMachine/getUserVMs': () =>
        ok([makeVm({ vmStatus: state, startDate: state === 'running' ? '2026-11-05T10:00:00.000Z' : null })]),
    });
    renderApp('/customerprofile/2');
    const [item] = await items();
    expect(within(item!).getByText('Being prepared…')).toBeTruthy();

    state = 'running';
    await act(() => vi.advanceTimersByTimeAsync(PROVISIONING_POLL_MS));
    expect(await within((await items())[0]!).findByText('Running')).toBeTruthy();
    const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/virtualMachine/getUserVMs')).length;
    expect(calls()).toBe(2);
    // Running: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(PROVISIONING_POLL_MS * 3));
    expect(calls()).toBe(2);
  });

  it('keeps the spec’s English texts word for word', () => {
    for (const [key, text] of Object.entries(vms.spec)) expect(text, key).toBe(messages[key as keyof typeof messages]);
  });
});
