import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeUserData, signInAs } from '../../test/session.ts';

afterEach(() => notifications.clean());

function stubSite() {
  return stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    login: ok({ ID: 'c-1', emailId: 'jane@example.test' }, 'An OTP is sent to your ja****@example.test'),
    twoFactorAuth: ok([makeUserData()], messages.otpVerified),
  });
}

describe('customer-only routes', () => {
  it.each([
    '/saveditem',
    '/SavedItem',
    '/customerprofile/2',
    '/TicketDetails/7',
    '/purchasedetails/1',
    '/renewvm/3',
    '/payment',
    '/PurchaseSuccessful',
  ])('send a visitor from %s to /customerlogin', async (path) => {
    stubSite();
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe('/customerlogin'));
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
  });

  it.each(['/customerlogin', '/signup'])('send a customer already logged in on from %s, to home', async (path) => {
    stubSite();
    signInAs();
    const app = renderApp(path);
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(screen.queryByRole('heading', { name: 'Log In' })).toBeNull();
  });

  it('let a customer stay', async () => {
    stubSite();
    signInAs();
    const app = renderApp('/customerprofile/2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.pathname()).toBe('/customerprofile/2');
  });

  it('show the login screen in place of product details, which returns to the product after the code', async () => {
    stubSite();
    const app = renderApp('/productdetails/7');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByText(messages.loginRequired)).toBeTruthy();
    expect(app.pathname()).toBe('/productdetails/7');

    await userEvent.type(screen.getByLabelText(/^Email/), 'jane@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(app.pathname()).toBe('/loginotp/c-1/jane%40example.test/2'));

    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).toBe('/productdetails/7'));
    expect(await screen.findByText(messages.otpVerified)).toBeTruthy();
  });

  it('return a visitor to the page a guard sent them from after logging in', async () => {
    stubSite();
    const app = renderApp('/saveditem');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'jane@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.pathname()).toBe('/saveditem'));
  });
});
