import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

// Toasts live in a module-wide store: one left by the previous test would be found twice.
afterEach(() => notifications.clean());

function setup(path: string, api: FakeApi = {}) {
  const fetchMock = stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
  return { app: renderApp(path), fetchMock };
}

async function setPassword(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText(/^Set Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('recover password page', () => {
  it('checks the password rule and the confirmation with the spec’s messages', async () => {
    const { fetchMock } = setup('/recoverpassword?token=t0k3n');
    await userEvent.click(await screen.findByRole('button', { name: 'Save password' }));
    expect(await screen.findAllByText(messages.passwordRequired)).toHaveLength(2);
    await setPassword('weakpass', 'weakpas');
    expect(await screen.findByText(messages.passwordInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordMismatch)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/updatePassword'))).toHaveLength(0);
  });

  it.each(['/recoverpassword', '/updatepassword'])(
    'sets the password with the link’s token on %s, then the login screen',
    async (route) => {
      const { app, fetchMock } = setup(`${route}?token=t0k3n`, { updatePassword: ok(null, messages.passwordChanged) });
      await setPassword('NewSecret#1');
      await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
      expect(await screen.findByText(messages.passwordChanged)).toBeTruthy();
      const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/updatePassword'))!;
      expect(JSON.parse(String(init?.body))).toEqual({
        password: 'NewSecret#1',
        confirmPassword: 'NewSecret#1',
        queryStringValue: 't0k3n',
        websiteUrl: window.location.origin,
      });
    },
  );

  it('says at once that a link was already used: no form to fill in first', async () => {
    const { fetchMock } = setup('/recoverpassword?token=used-once', {
      checkPasswordLink: { status: 400, message: messages.resetLinkUsed, data: null },
    });
    expect(await screen.findByText(messages.resetLinkUsed)).toBeTruthy();
    expect(screen.queryByLabelText(/^Set Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/checkPasswordLink'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ queryStringValue: 'used-once', websiteUrl: window.location.origin });
  });

  it('shows the form for a link that can still be used', async () => {
    setup('/recoverpassword?token=fresh', { checkPasswordLink: ok(null, messages.resetLinkValid) });
    expect(await screen.findByLabelText(/^Set Password/)).toBeTruthy();
    expect(screen.queryByText(messages.resetLinkUsed)).toBeNull();
  });

  it('says a used or expired link cannot be used and offers a new one', async () => {
    const { app } = setup('/recoverpassword?token=used', {
      updatePassword: { status: 404, message: messages.resetLinkInvalid, data: null },
    });
    await setPassword('NewSecret#1');
    expect(await screen.findByText(messages.resetLinkInvalid)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
    await waitFor(() => expect(app.pathname()).toBe('/forgetpassword'));
  });

  it('says so at once when the link carries no token', async () => {
    setup('/updatepassword');
    expect(await screen.findByText(messages.resetLinkInvalid)).toBeTruthy();
    expect(screen.queryByLabelText(/^Set Password/)).toBeNull();
  });
});
