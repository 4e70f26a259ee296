import { act, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { signInAs } from '../../../test/session.ts';
import { callApi } from '../../api/call-api.ts';
import { logout } from './logout.ts';
import { readUserData } from './session-store.ts';

afterEach(() => notifications.clean());

function setup(path: string, api: FakeApi = {}) {
  const fetchMock = stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
  return { app: renderApp(path), fetchMock };
}

describe('session keeper', () => {
  it('logs out on the server, clears the session and goes home', async () => {
    signInAs();
    const { app, fetchMock } = setup('/customerprofile/2', { logout: ok(null, messages.loggedOut) });
    await act(() => logout());

    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(readUserData()).toBeNull();
    // Not bounced to the login screen by the guard of the page left.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.pathname()).toBe('/home');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/logout'))!;
    expect(init?.headers).toMatchObject({ authorization: 'access-1', refreshtoken: 'refresh-1' });
  });

  it('logs out on this device even when the server cannot be reached', async () => {
    signInAs();
    const { app, fetchMock } = setup('/saveditem');
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/api/logout')) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(ok(makeConfiguration())), { status: 200 });
    });
    await act(() => logout());
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(readUserData()).toBeNull();
  });

  it('sends the customer to the login screen with a message when the session cannot be renewed', async () => {
    signInAs();
    const refused = { status: 401, message: messages.sessionExpired, data: null };
    const { app } = setup('/saveditem', { userNotification: refused, refreshToken: refused });
    await act(() => callApi('userNotification'));

    await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
    expect(await screen.findByText(messages.sessionExpired)).toBeTruthy();
    expect(readUserData()).toBeNull();
  });

  it('follows a logout in another tab', async () => {
    signInAs();
    const { app } = setup('/saveditem');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.pathname()).toBe('/saveditem');

    act(() => {
      window.localStorage.removeItem('userData');
      window.dispatchEvent(new StorageEvent('storage', { key: 'userData', newValue: null }));
    });
    await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
  });
});
