import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { storeOperatorSession } from '../shell/operator-session.ts';
import { AccountControls } from './account-controls.tsx';
import { AccountNotices } from './account-notices.tsx';
import { customerProfile, signInAs } from './customers.test-helper.ts';

const profile = customerProfile;

describe('console account controls', () => {
  afterEach(() => storeOperatorSession(null));

  it('suspends with the reason, asked first, and says how many VMs are being powered off', async () => {
    signInAs('admin');
    const sent: unknown[] = [];
    stubApi({
      'admin/companies/5/customers/3/suspend': (body) => {
        sent.push(body);
        return ok({
          profile: profile({ suspendedAt: '2026-11-28T10:00:00.000Z', suspendedReason: 'Chargeback' }),
          stoppingVms: ['a', 'b'],
          busyVms: [],
        });
      },
    });
    renderElement(<AccountControls companyId={5} profile={profile()} name="Amani Njoroge" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the account of Amani Njoroge?' });
    expect(dialog.textContent).toContain('can no longer log in');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Chargeback' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Chargeback' }]));
    expect(await screen.findByText('The account of Amani Njoroge is suspended; 2 VMs are being powered off.')).toBeTruthy();
  });

  it('a suspended account shows why and offers Reactivate; support sees the state without the button', async () => {
    signInAs('support');
    stubApi({});
    const suspended = profile({ suspendedAt: '2026-11-28T10:00:00.000Z', suspendedReason: 'Chargeback' });
    renderElement(
      <>
        <AccountNotices profile={suspended} />
        <AccountControls companyId={5} profile={suspended} name="Amani Njoroge" />
      </>,
    );
    expect((await screen.findByTestId('account-suspended')).textContent).toContain('Reason: Chargeback');
    expect(screen.queryByRole('button', { name: 'Reactivate account' })).toBeNull();
  });

  it('sends the password link, asked first', async () => {
    signInAs('admin');
    let sent = 0;
    stubApi({
      'admin/companies/5/customers/3/password-link': () => {
        sent += 1;
        return ok({ sent: true });
      },
    });
    renderElement(<AccountControls companyId={5} profile={profile()} name="Amani Njoroge" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Amani Njoroge a password link?' });
    expect(sent).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('A password link is mailed to amani@savanna.example.')).toBeTruthy();
    expect(sent).toBe(1);
  });
});
