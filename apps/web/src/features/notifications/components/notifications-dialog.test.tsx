import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fill, messages } from '@mawingu/contracts/messages';
import type { UserNotifications } from '@mawingu/contracts/notifications';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { signInAs } from '../../../../test/session.ts';
import { setLanguage } from '../../../i18n/i18n.ts';

const unreadList: UserNotifications = {
  newNotificationCount: 2,
  list: [
    { ID: 3, notificationDetail: 'Your VM web-01 is ready', isViewed: 0 },
    { ID: 2, notificationDetail: 'Payment received for order 1042', isViewed: 1 },
    { ID: 1, notificationDetail: 'Your ticket #7 was answered', isViewed: 0 },
  ],
};
const allRead: UserNotifications = { newNotificationCount: 0, list: unreadList.list.map((n) => ({ ...n, isViewed: 1 as const })) };

function stubNotifications(opts: {
  list: () => UserNotifications;
  update?: (body: unknown) => { status: number; message: string; data: unknown };
}) {
  const sent: unknown[] = [];
  stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    userNotification: () => ok(opts.list()),
    'notification/updateUserNotification': (body) => {
      sent.push(body);
      return opts.update ? opts.update(body) : ok({ newNotificationCount: 0 }, 'Notifications marked as read');
    },
  });
  return sent;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notifications dialog', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the notices the server wrote in the customer’s language', async () => {
    signInAs();
    await setLanguage('ko');
    const notice = (ID: number, notificationDetail: string) => ({ ID, notificationDetail, isViewed: 1 as const });
    stubNotifications({
      list: () => ({
        newNotificationCount: 0,
        list: [
          notice(2, fill(messages.vmReady, { name: 'web-01' })),
          notice(1, fill(messages.backupReady, { kind: 'snapshot', name: 'web-01' })),
        ],
      }),
    });
    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: /^알림/ }));
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['가상 머신 web-01이(가) 준비되었습니다', 'web-01의 스냅샷이 준비되었습니다']);
  });

  it('lists the notifications and marks the unread ones read, then reloads the list', async () => {
    signInAs();
    let read = false;
    const sent = stubNotifications({ list: () => (read ? allRead : unreadList) });
    renderApp('/home');

    const dialog = await openDialog();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Unread: Your VM web-01 is ready',
      'Payment received for order 1042',
      'Unread: Your ticket #7 was answered',
    ]);
    expect(within(dialog).getByText('2 unread')).toBeTruthy();

    read = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(sent).toEqual([{ notification: [3, 1] }]);
    await waitFor(() => expect(within(dialog).getByText("You're all caught up")).toBeTruthy());
    expect((within(dialog).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows the server’s message as an error toast when marking fails, and keeps the list', async () => {
    signInAs();
    stubNotifications({
      list: () => unreadList,
      update: () => ({ status: 500, message: 'Something went wrong. Please try again later.', data: null }),
    });
    renderApp('/home');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(within(dialog).getByText('2 unread')).toBeTruthy();
  });

  it('shows a calm empty state and nothing to mark when there are no notifications', async () => {
    signInAs();
    const sent = stubNotifications({ list: () => ({ newNotificationCount: 0, list: [] }) });
    renderApp('/home');
    const dialog = await openDialog();
    expect(within(dialog).getByText('No notifications yet')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toEqual([]);
  });
});
