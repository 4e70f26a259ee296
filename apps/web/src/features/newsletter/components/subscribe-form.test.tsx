import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function setup(subscribeReply?: { status: number; message: string; data: unknown }) {
  const fetchMock = stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    ...(subscribeReply ? { 'newsLetter/subscribeUser': subscribeReply } : {}),
  });
  // A page without API-filled sections: the footer's toasts are then the only messages on screen.
  renderApp('/about');
  return fetchMock;
}

async function footerParts() {
  const footer = await screen.findByRole('contentinfo');
  const input = await within(footer).findByRole('textbox', { name: 'E-mail address' });
  const button = within(footer).getByRole('button', { name: 'Subscribe' });
  return { input: input as HTMLInputElement, button };
}

function subscribeCalls(fetchMock: ReturnType<typeof setup>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('newsLetter/subscribeUser'));
}

describe('newsletter subscribe form', () => {
  it('asks for an e-mail, then for a correct one, without calling the API', async () => {
    const fetchMock = setup();
    const { input, button } = await footerParts();

    await userEvent.click(button);
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();

    await userEvent.type(input, 'not-an-email');
    await userEvent.click(button);
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(subscribeCalls(fetchMock)).toHaveLength(0);
  });

  it('posts the trimmed e-mail with the site origin, shows the server message and clears the input', async () => {
    const fetchMock = setup({ status: 200, message: messages.subscribed, data: null });
    const { input, button } = await footerParts();

    await userEvent.type(input, '  jane@example.test ');
    await userEvent.click(button);

    expect(await screen.findByText(messages.subscribed)).toBeTruthy();
    await waitFor(() => expect(input.value).toBe(''));
    const [, init] = subscribeCalls(fetchMock)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ emailID: 'jane@example.test', websiteUrl: window.location.origin });
  });

  it('clears the input on 409 and shows "The email already exists"', async () => {
    setup({ status: 409, message: messages.emailExists, data: null });
    const { input, button } = await footerParts();
    await userEvent.type(input, 'jane@example.test');
    await userEvent.click(button);
    expect(await screen.findByText(messages.emailExists)).toBeTruthy();
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('shows the message of any other reply and keeps what was typed', async () => {
    setup();
    const { input, button } = await footerParts();
    await userEvent.type(input, 'jane@example.test');
    await userEvent.click(button);
    expect(await screen.findByText('Route not found')).toBeTruthy();
    expect(input.value).toBe('jane@example.test');
  });

  it('puts a server field error on the field', async () => {
    setup({ status: 400, message: 'Invalid request', data: { fieldErrors: { emailID: messages.emailInvalid } } });
    const { input, button } = await footerParts();
    await userEvent.type(input, 'jane@example.test');
    await userEvent.click(button);
    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
  });
});
