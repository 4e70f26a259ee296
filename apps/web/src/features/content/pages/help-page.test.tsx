import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

type Reply = { status: number; message: string; data: unknown };

function setup(reply: Reply = ok(null, 'Thank you. Please check your email')) {
  const fetchMock = stubApi({
    getCompanyConfiguration: ok(
      makeConfiguration({ contactNo: '+27 10 500 1234', officeAddress: '1 Test Road', city: 'NA', country: 'South Africa' }),
    ),
    getDropdownList: ok([]),
    writeToUs: reply,
  });
  renderApp('/help');
  return fetchMock;
}

async function form() {
  const main = await screen.findByRole('main');
  await screen.findByRole('heading', { name: 'Write to us' });
  return {
    main,
    email: screen.getByRole('textbox', { name: /Your e-mail/ }) as HTMLInputElement,
    message: screen.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: 'Send' }),
  };
}

describe('help page', () => {
  it('shows the contact details with "NA" left blank', async () => {
    setup();
    const card = (await screen.findByRole('heading', { name: 'Connect Us' })).closest('section')!;
    expect(within(card).getByRole('link', { name: '+27 10 500 1234' }).getAttribute('href')).toBe('tel:+27105001234');
    expect(within(card).getByText('1 Test Road')).toBeTruthy();
    expect(within(card).getByText('South Africa')).toBeTruthy();
    expect(within(card).queryByText('City')).toBeNull();
    expect(within(card).queryByText('NA')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it('checks the fields with the spec’s messages before sending', async () => {
    const fetchMock = setup();
    const { email, send } = await form();
    await userEvent.click(send);
    expect(await screen.findByText('Email required')).toBeTruthy();
    expect(screen.getByText('Description required')).toBeTruthy();
    await userEvent.type(email, 'nope');
    await userEvent.click(send);
    expect(await screen.findByText('Enter correct email')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('writeToUs'))).toBe(false);
  });

  it('sends the trimmed fields, thanks the sender and clears the form', async () => {
    const fetchMock = setup();
    const { email, message, send } = await form();
    await userEvent.type(email, '  thandi@example.co.za ');
    await userEvent.type(message, '  My VM will not boot. ');
    await userEvent.click(send);
    expect(await screen.findByText('Thank you. Please check your email')).toBeTruthy();
    await waitFor(() => expect(email.value).toBe(''));
    expect(message.value).toBe('');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('writeToUs'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      emailID: 'thandi@example.co.za',
      content: 'My VM will not boot.',
      websiteUrl: window.location.origin,
    });
  });

  it('shows the server’s message on failure and clears the form too', async () => {
    setup({ status: 429, message: 'Too many requests. Please try again later.', data: null });
    const { email, message, send } = await form();
    await userEvent.type(email, 'thandi@example.co.za');
    await userEvent.type(message, 'Hello');
    await userEvent.click(send);
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(email.value).toBe(''));
    expect(message.value).toBe('');
  });
});
