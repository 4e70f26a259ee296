import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { VmList } from './vm-list.tsx';
import { signInAs } from './customers.test-helper.ts';

const vm = (over: Partial<AdminVm> = {}): AdminVm => ({
  id: 7,
  name: 'amani-web-01',
  alias: null,
  state: 'running',
  blocked: false,
  blockedReason: null,
  customerId: 3,
  customerName: 'Amani Njoroge',
  customerEmail: 'amani@savanna.example',
  os: 'ubuntu',
  provider: 'simulator',
  externalId: 'sim-1',
  cpu: 2,
  ramGb: 4,
  diskGb: 50,
  startAt: '2026-11-01T00:00:00.000Z',
  endAt: '2026-12-01T00:00:00.000Z',
  lastError: null,
  pendingAction: null,
  orderId: 1,
  canRetry: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('console VM controls', () => {
  let calls: { path: string; body: unknown }[];
  const answer = (path: string, reply: (body: unknown) => ReturnType<typeof ok>) => (body: unknown) => {
    calls.push({ path, body });
    return reply(body);
  };

  beforeEach(() => {
    calls = [];
    signInAs('admin');
  });
  afterEach(() => storeOperatorSession(null));

  it('suspends with the reason the customer will see, asked first; nothing is sent on Cancel', async () => {
    stubApi({
      'admin/companies/5/vms/7/suspend': answer('suspend', () => ok(vm({ blocked: true, blockedReason: 'Unpaid invoice' }))),
    });
    renderElement(<VmList companyId={5} vms={[vm()]} label="Virtual machines" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend amani-web-01' }));
    let dialog = await screen.findByRole('dialog', { name: 'Suspend amani-web-01?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Suspend amani-web-01' }));
    dialog = await screen.findByRole('dialog', { name: 'Suspend amani-web-01?' });
    expect(dialog.textContent).toContain('sees it suspended with your reason');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Unpaid invoice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend VM' }));
    await waitFor(() => expect(calls).toEqual([{ path: 'suspend', body: { reason: 'Unpaid invoice' } }]));
    expect(await screen.findByText('amani-web-01 is suspended.')).toBeTruthy();
  });

  it('terminate shows the API’s refusal under the typed name; extend sends the days and reason', async () => {
    stubApi({
      'admin/companies/5/vms/7/terminate': answer('terminate', () => ({
        status: 400,
        message: "Type the virtual machine's name exactly to confirm.",
        data: { fieldErrors: { confirm: "Type the virtual machine's name exactly to confirm." } },
      })),
      'admin/companies/5/vms/7/extend': answer('extend', () => ok(vm())),
    });
    renderElement(<VmList companyId={5} vms={[vm({ state: 'stopped' })]} label="Virtual machines" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Terminate amani-web-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terminate amani-web-01?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Type amani-web-01 to confirm/ }), { target: { value: 'amani-web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminate VM' }));
    expect(await within(dialog).findByText("Type the virtual machine's name exactly to confirm.")).toBeTruthy();
    expect(calls[0]).toEqual({ path: 'terminate', body: { confirm: 'amani-web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Extend the end date of amani-web-01' }));
    const extend = await screen.findByRole('dialog', { name: 'Extend the end date of amani-web-01?' });
    fireEvent.change(within(extend).getByRole('textbox', { name: /Days/ }), { target: { value: '14' } });
    fireEvent.change(within(extend).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Outage' } });
    fireEvent.click(within(extend).getByRole('button', { name: 'Extend end date' }));
    await waitFor(() => expect(calls[1]).toEqual({ path: 'extend', body: { days: 14, reason: 'Outage' } }));
  });

  it('a running VM offers no Terminate; a suspended one shows its reason and Unsuspend; support sees no controls', async () => {
    stubApi({});
    const { unmount } = renderElement(
      <VmList
        companyId={5}
        vms={[vm(), vm({ id: 8, name: 'amani-db-01', blocked: true, blockedReason: 'Abuse report', state: 'stopped' })]}
        label="VMs"
      />,
    );
    await screen.findByRole('button', { name: 'Suspend amani-web-01' });
    expect(screen.queryByRole('button', { name: 'Terminate amani-web-01' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unsuspend amani-db-01' })).toBeTruthy();
    expect(screen.getByText('Suspended: Abuse report')).toBeTruthy();
    unmount();

    signInAs('support');
    renderElement(<VmList companyId={5} vms={[vm()]} label="VMs" />);
    await screen.findByText('amani-web-01');
    expect(screen.queryByRole('button', { name: /Suspend|Terminate|Extend/ })).toBeNull();
  });
});
