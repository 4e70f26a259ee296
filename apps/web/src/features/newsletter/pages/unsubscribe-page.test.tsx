import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function setup(reply: { status: number; message: string; data: unknown }, path = '/newsletter?token=abc123') {
  const fetchMock = stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    'newsLetter/unSubscribeUser': reply,
  });
  return { fetchMock, view: renderApp(path) };
}

describe('unsubscribe page', () => {
  it('asks the spec’s question; No goes home', async () => {
    const { view } = setup(ok(null));
    expect(await screen.findByRole('heading', { name: 'Are you sure you want to Unsubscribe newsletter?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'No' }));
    expect(view.pathname()).toBe('/home');
  });

  it('sends the token, confirms and goes home', async () => {
    const { fetchMock, view } = setup(ok(null, 'You have been Unsubscribed successfully'));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Unsubscribe' }));
    expect(await screen.findByText('You have been Unsubscribed successfully')).toBeTruthy();
    expect(view.pathname()).toBe('/home');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('newsLetter/unSubscribeUser'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ queryStringValue: 'abc123', websiteUrl: window.location.origin });
  });

  it('shows the server’s message for a used link and stays', async () => {
    const { view } = setup({ status: 404, message: 'This unsubscribe link is invalid or has already been used.', data: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Unsubscribe' }));
    expect((await screen.findAllByText('This unsubscribe link is invalid or has already been used.')).length).toBeGreaterThan(0);
    expect(view.pathname()).toBe('/newsletter');
  });

  it('cannot confirm without a token', async () => {
    setup(ok(null), '/newsletter');
    expect(await screen.findByText(/This unsubscribe link is incomplete/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Yes, Unsubscribe' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
