import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

// Toasts live in a module-wide store: one left by the previous test would be found twice.
afterEach(() => notifications.clean());

type Reply = { status: number; message: string; data: unknown };

function setup(login: Reply | ((body: unknown) => Reply | Promise<Reply>), path = '/customerlogin') {
  const fetchMock = stubApi({ getCompanyConfiguration: ok(makeConfiguration()), getDropdownList: ok([]), login });
  const app = renderApp(path);
  return { app, fetchMock };
}

const loginCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/login'));

async function fillIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
}

const logInButton = () => screen.getByRole('button', { name: 'Log In' });

describe('login page', () => {
  it('shows the spec’s messages and calls nothing for empty or malformed input', async () => {
    const { fetchMock } = setup(ok({ ID: '1', emailId: 'x' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^Email/), 'jane@');
    await userEvent.click(logInButton());
    expect(await screen.findByText(messages.emailInvalidLogin)).toBeTruthy();
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it('caps the password at 16 characters and toggles its visibility', async () => {
    setup(ok({ ID: '1', emailId: 'x' }));
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    await userEvent.type(password, 'A'.repeat(20));
    expect(password.value).toHaveLength(16);
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('posts the credentials with the site and opens the OTP page with flag 2 and the server’s toast', async () => {
    const sent = 'An OTP is sent to your ja****@example.test';
    const { app, fetchMock } = setup(ok({ ID: 'c-42', emailId: 'jane@example.test' }, sent));
    await fillIn('jane@example.test', 'Secret#123');
    await userEvent.click(logInButton());

    await waitFor(() => expect(app.pathname()).toBe('/loginotp/c-42/jane%40example.test/2'));
    expect(await screen.findByText(sent)).toBeTruthy();
    const [, init] = loginCalls(fetchMock)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      emailID: 'jane@example.test',
      password: 'Secret#123',
      websiteUrl: window.location.origin,
    });
  });

  it('keeps Log In disabled while the call runs and after a refusal, until the input changes', async () => {
    let answer!: (reply: Reply) => void;
    const { fetchMock } = setup(() => new Promise<Reply>((resolve) => (answer = resolve)));
    await fillIn('jane@example.test', 'Wrong#123');
    await userEvent.click(logInButton());

    await waitFor(() => expect(logInButton().hasAttribute('disabled') || logInButton().getAttribute('data-loading') === 'true').toBe(true));
    answer({ status: 401, message: messages.invalidCredentials, data: null });

    expect(await screen.findByText(messages.invalidCredentials)).toBeTruthy();
    await waitFor(() => expect(logInButton().hasAttribute('disabled')).toBe(true));
    await userEvent.click(logInButton());
    expect(loginCalls(fetchMock)).toHaveLength(1);

    await userEvent.type(screen.getByLabelText(/^Password/), '4');
    expect(logInButton().hasAttribute('disabled')).toBe(false);
  });

  it('shows a rate limit as the server says it', async () => {
    setup({ status: 429, message: messages.tooManyLoginAttempts, data: null });
    await fillIn('jane@example.test', 'Secret#123');
    await userEvent.click(logInButton());
    expect(await screen.findByText(messages.tooManyLoginAttempts)).toBeTruthy();
  });

  it('links to the forgot screens and to registration', async () => {
    const { app } = setup(ok(null));
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot User Name' }));
    await waitFor(() => expect(app.pathname()).toBe('/forgotusername'));
    await userEvent.click(await screen.findByRole('link', { name: 'Go Back To Log In' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot Password' }));
    await waitFor(() => expect(app.pathname()).toBe('/forgetpassword'));
    await userEvent.click(await screen.findByRole('link', { name: 'Go Back To Log In' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Register' }));
    await waitFor(() => expect(app.pathname()).toBe('/signup'));
  });
});
