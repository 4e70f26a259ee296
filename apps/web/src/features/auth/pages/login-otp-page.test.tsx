import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeUserData } from '../../../../test/session.ts';
import { readUserData } from '../../../lib/session/session-store.ts';

// Toasts live in a module-wide store: one left by the previous test would be found twice.
afterEach(() => notifications.clean());

const userData = makeUserData();
const challenge = '/loginotp/c-1/jane%40example.test';

function setup(path: string, api: FakeApi = {}) {
  const fetchMock = stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), ...api });
  const app = renderApp(path);
  return { app, fetchMock };
}

const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, call: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/${call}`)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

type Typist = { click: (element: Element) => Promise<unknown>; keyboard: (text: string) => Promise<unknown> };

async function enterCode(code: string, user: Typist = userEvent) {
  const first = await screen.findByRole('textbox', { name: 'Digit 1 of 6' });
  await user.click(first);
  await user.keyboard(code);
}

describe('OTP page', () => {
  it('names the masked e-mail and asks for the code', async () => {
    const { fetchMock } = setup(`${challenge}/2`);
    expect(await screen.findByText('ja****@example.test')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.otpRequired)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'twoFactorAuth')).toHaveLength(0);
  });

  it('lets only digits into the code', async () => {
    setup(`${challenge}/2`);
    await enterCode('1a2b');
    const digits = screen.getAllByRole('textbox').filter((input) => /^Digit/.test(input.getAttribute('aria-label') ?? ''));
    expect(digits.map((input) => (input as HTMLInputElement).value).join('')).toBe('12');
  });

  it('after login (flag 2) stores the session and goes home with "OTP has been verified successfully!"', async () => {
    const { app, fetchMock } = setup(`${challenge}/2`, { twoFactorAuth: ok([userData], messages.otpVerified) });
    await enterCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(await screen.findByText(messages.otpVerified)).toBeTruthy();
    expect(readUserData()).toEqual(userData);
    expect(bodiesOf(fetchMock, 'twoFactorAuth')).toEqual([
      { emailID: 'jane@example.test', ID: 'c-1', OTP: '123456', websiteUrl: window.location.origin },
    ]);
    expect(screen.queryByText('Welcome, Jane!')).toBeNull();
  });

  it('after signup (flag 1) shows the welcome modal, ticks the bar every 499 ms, then home with "Login successfully!" after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { app } = setup(`${challenge}/1`, { twoFactorAuth: ok([userData], messages.loginSuccess) });
    await enterCode('654321', user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Welcome, Jane!')).toBeTruthy();
    expect(readUserData()?.token).toBe(userData.token);
    const bar = screen.getByRole('progressbar', { name: 'Preparing your account' });
    const value = () => Number(bar.getAttribute('aria-valuenow'));
    const start = value();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(value()).toBeGreaterThan(start);
    expect(app.pathname()).toBe(`${challenge}/1`);

    await act(() => vi.advanceTimersByTimeAsync(2300));
    expect(app.pathname()).toBe(`${challenge}/1`);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(await screen.findByText(messages.loginSuccess)).toBeTruthy();
  });

  it('refuses a wrong code with "Please enter correct OTP." and stays logged out', async () => {
    const { app } = setup(`${challenge}/2`, { twoFactorAuth: { status: 400, message: messages.otpIncorrect, data: null } });
    await enterCode('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.otpIncorrect)).toBeTruthy();
    expect(app.pathname()).toBe(`${challenge}/2`);
    expect(readUserData()).toBeNull();
  });

  it('resends the code and shows the server’s message', async () => {
    const resent = 'An OTP is Resent to your ja****@example.test';
    const { fetchMock } = setup(`${challenge}/2`, { resendOtp: ok(null, resent) });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(resent)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'resendOtp')).toEqual([{ emailID: 'jane@example.test', ID: 'c-1', websiteUrl: window.location.origin }]);
  });

  it('goes back to the login screen', async () => {
    const { app } = setup(`${challenge}/2`);
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
  });
});
