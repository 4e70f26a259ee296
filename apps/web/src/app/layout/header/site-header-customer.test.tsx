import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { openNavMenu } from '../../../../test/open-nav-menu.ts';
import { signInAs } from '../../../../test/session.ts';
import { readUserData } from '../../../lib/session/session-store.ts';

const notifications = (count: number) =>
  ok({
    newNotificationCount: count,
    list: [
      {
        ID: 1,
        notificationDetail: 'Your ticket was answered',
        isViewed: count > 0 ? 0 : 1,
        createdDate: '2026-11-21T12:05:00.000Z',
        link: null,
      },
    ],
  });

function stubSite(extra: Record<string, unknown> = {}) {
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    userNotification: notifications(3),
    ...extra,
  } as Parameters<typeof stubApi>[0]);
}

async function mainNav() {
  return (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
}

describe('site header for a logged-in customer', () => {
  it('shows the bell with the unread count, the profile link with the name, and sign-out instead of Register / Log In', async () => {
    signInAs({ detail: { FirstName: 'Thandi', LastName: 'Nkosi' } });
    stubSite();
    renderApp('/home');

    const profile = await screen.findByRole('link', { name: 'My profile: Thandi Nkosi' });
    expect(profile.getAttribute('href')).toBe('/customerprofile/2');
    expect(profile.textContent).toContain('Thandi Nkosi');
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toContain('3');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register / Log In' })).toBeNull();
  });

  it('offers a My Products menu leading to the VM tab and saved products', async () => {
    signInAs();
    stubSite();
    renderApp('/home');
    const items = await openNavMenu('My Products');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['View Virtual Machines', '/customerprofile/2'],
      ['Saved Products', '/saveditem'],
    ]);
  });

  it('offers a Support menu whose entries open the Tickets tab', async () => {
    signInAs();
    stubSite();
    renderApp('/home');
    const items = await openNavMenu('Support');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Raised Ticket', '/customerprofile/1'],
      ['View Ticket', '/customerprofile/1'],
    ]);
  });

  it('lists the customer menus and the name in the burger menu as well', async () => {
    signInAs({ detail: { FirstName: 'Thandi', LastName: 'Nkosi' } });
    stubSite();
    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Signed in as Thandi Nkosi')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'View Virtual Machines' }).getAttribute('href')).toBe('/customerprofile/2');
    expect(within(drawer).getByRole('link', { name: 'Saved Products' }).getAttribute('href')).toBe('/saveditem');
    expect(within(drawer).getByRole('link', { name: 'Raised Ticket' }).getAttribute('href')).toBe('/customerprofile/1');
    expect(within(drawer).getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/customerprofile/2');
  });

  it('shows no customer menus, bell or name to visitors', async () => {
    stubSite();
    renderApp('/home');
    const nav = await mainNav();
    await screen.findByRole('link', { name: 'Register / Log In' });
    expect(within(nav).queryByRole('button', { name: 'My Products' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('asks "Are you sure, you want to logout?": No keeps the session', async () => {
    signInAs();
    const fetchMock = stubSite({ logout: ok(null) });
    renderApp('/customerprofile/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    expect(within(dialog).getByText('Are you sure, you want to logout?')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out' })).toBeNull());
    expect(readUserData()).not.toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/logout'))).toBe(false);
  });

  it('Yes logs out on the server, clears the session and goes home as a visitor', async () => {
    signInAs();
    const fetchMock = stubSite({ logout: ok(null) });
    const app = renderApp('/customerprofile/2');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(readUserData()).toBeNull());
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(readUserData()).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/logout'))).toBe(true);
    expect(await screen.findByRole('link', { name: 'Register / Log In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('still logs out on this device when the server cannot be reached', async () => {
    signInAs();
    stubSite({ logout: { status: 500, message: 'Something went wrong. Please try again later.', data: null } });
    const app = renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Sign out' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(readUserData()).toBeNull());
    expect(app.pathname()).toBe('/home');
  });
});
