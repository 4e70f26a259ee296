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
    {
      ID: 3,
      notificationDetail: 'Your VM web-01 is ready',
      isViewed: 0,
      createdDate: '2026-11-21T12:05:00.000Z',
      link: { to: 'products' },
    },
    {
      ID: 2,
      notificationDetail: 'Payment received for order 1042',
      isViewed: 1,
      createdDate: '2026-11-20T12:00:00.000Z',
      link: { to: 'purchaseHistory' },
    },
    {
      ID: 1,
      notificationDetail: 'Your ticket #7 was answered',
      isViewed: 0,
      createdDate: '2026-11-19T12:00:00.000Z',
      link: { to: 'ticket', id: 7 },
    },
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

/** Each notice's own text (its date and link follow it in the item). */
const noticeTexts = async (dialog: HTMLElement) =>
  (await within(dialog).findAllByTestId('notification')).map((item) => item.querySelector('p')?.textContent);

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
    const notice = (ID: number, notificationDetail: string) => ({
      ID,
      notificationDetail,
      isViewed: 1 as const,
      createdDate: '2026-11-21T12:05:00.000Z',
      link: null,
    });
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
    expect(await noticeTexts(dialog)).toEqual(['가상 머신 web-01이(가) 준비되었습니다', 'web-01의 스냅샷이 준비되었습니다']);
    // The date in the customer's language; a notice without a link offers none.
    expect(within(dialog).getAllByText(/2026\. 11\. 21\./)).toHaveLength(2);
    expect(within(dialog).queryAllByRole('link')).toEqual([]);
  });

  it('dates each notice and links it to what it is about: Products, Purchase History, the ticket', async () => {
    signInAs();
    stubNotifications({ list: () => unreadList });
    renderApp('/home');
    const dialog = await openDialog();
    const items = await within(dialog).findAllByTestId('notification');
    expect(items.map((item) => item.querySelector('time')?.textContent?.slice(0, 11))).toEqual([
      '21 Nov 2026',
      '20 Nov 2026',
      '19 Nov 2026',
    ]);
    expect(items.map((item) => within(item).getByRole('link')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Go to Products', '/customerprofile/2#tabs'],
      ['Go to Purchase History', '/customerprofile/3#tabs'],
      ['Open ticket #7', '/TicketDetails/7'],
    ]);

    // Following a link closes the dialog.
    await userEvent.click(within(items[2]!).getByRole('link', { name: 'Open ticket #7' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('lists the notifications and marks the unread ones read, then reloads the list', async () => {
    signInAs();
    let read = false;
    const sent = stubNotifications({ list: () => (read ? allRead : unreadList) });
    renderApp('/home');

    const dialog = await openDialog();
    expect(await noticeTexts(dialog)).toEqual([
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
