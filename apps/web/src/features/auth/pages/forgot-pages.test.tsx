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

const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, call: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/${call}`)).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('forgot password page', () => {
  it('asks for a correct e-mail with the spec’s messages', async () => {
    const { fetchMock } = setup('/forgetpassword');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Email/), 'jane@example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'forgotPassword')).toHaveLength(0);
  });

  it('sends the link, says so in the spec’s words and returns to the login screen', async () => {
    const { app, fetchMock } = setup('/forgetpassword', { forgotPassword: ok(null, messages.forgotPasswordSent) });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'jane@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
    expect(await screen.findByText(messages.forgotPasswordSent)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'forgotPassword')).toEqual([{ emailID: 'jane@example.test', websiteUrl: window.location.origin }]);
  });

  it('shows a refusal as the server says it and stays', async () => {
    const { app } = setup('/forgetpassword', { forgotPassword: { status: 429, message: messages.tooManyRequests, data: null } });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'jane@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.tooManyRequests)).toBeTruthy();
    expect(app.pathname()).toBe('/forgetpassword');
  });
});

describe('forgot user name page', () => {
  it('sends the user name and shows the server’s message', async () => {
    const { fetchMock } = setup('/forgotusername', { forgotUserName: ok(null, messages.forgotUserNameSent) });
    expect(await screen.findByRole('heading', { name: 'Forgot User Name' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Email/), 'jane@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.forgotUserNameSent)).toBeTruthy();
    expect(bodiesOf(fetchMock, 'forgotUserName')).toEqual([{ emailID: 'jane@example.test', websiteUrl: window.location.origin }]);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
  });
});
