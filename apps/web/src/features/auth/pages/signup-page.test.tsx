import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Whole signup journeys type a few hundred keys through the full app.
vi.setConfig({ testTimeout: 15_000 });
import type { CountryEntry } from '@mawingu/contracts/auth';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, type FakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

// Toasts live in a module-wide store: one left by the previous test would be found twice.
afterEach(() => notifications.clean());

const countries: CountryEntry[] = [
  { countryCode: '+267', countryName: 'Botswana', mobileNoMaxLength: 8, mobileNoMinLength: 7 },
  { countryCode: '+27', countryName: 'South Africa', mobileNoMaxLength: 9, mobileNoMinLength: 9 },
];

function setup(api: FakeApi = {}) {
  const fetchMock = stubApi({
    getCompanyConfiguration: ok(makeConfiguration()),
    getDropdownList: ok([]),
    getCountryCode: ok(countries),
    ...api,
  });
  const app = renderApp('/signup');
  return { app, fetchMock };
}

/** The input of a label (a Select's option list carries the label too). */
const field = (label: RegExp) => screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT') as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

async function choose(label: RegExp, option: string) {
  await userEvent.click(field(label));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function fillPersonal({
  mobile = '821234567',
  password = 'Secret#123',
  confirm,
}: { mobile?: string; password?: string; confirm?: string } = {}) {
  await screen.findByRole('heading', { name: 'Create your account' });
  await userEvent.type(field(/^First name/), 'Mary  Ann');
  await userEvent.type(field(/^Last name/), 'Dlamini');
  await userEvent.type(field(/^Email/), 'mary@example.test');
  await choose(/^Country code/, '+27 South Africa');
  await userEvent.type(field(/^Mobile number/), mobile);
  await userEvent.type(field(/^Password/), password);
  await userEvent.type(field(/^Confirm password/), confirm ?? password);
}

async function fillAddress() {
  await userEvent.type(field(/^Street address/), '12  Long   Street');
  await userEvent.type(field(/^City/), 'Cape Town');
  await userEvent.type(field(/^State/), 'Western Cape');
  await userEvent.type(field(/^Postcode/), '8001');
  await userEvent.type(field(/^VAT number/), 'ZA4000');
}

async function openAgreement() {
  await fillPersonal();
  await userEvent.click(button('Next'));
  await screen.findByLabelText(/^Street address/);
  await fillAddress();
  await userEvent.click(button('Register'));
  return screen.findByRole('dialog', { name: 'Registration agreement' });
}

const addUserBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/adduser')).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('signup page', () => {
  it('asks for every personal detail with the spec’s messages before step 2', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    for (const text of [
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.emailRequired,
      messages.countryCodeRequired,
      messages.mobileRequired,
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getAllByText(messages.passwordRequired)).toHaveLength(2);
    expect(screen.queryByLabelText(/^Street address/)).toBeNull();

    // A message goes as soon as its field is fixed.
    await userEvent.type(field(/^First name/), 'Mary');
    await waitFor(() => expect(screen.queryByText(messages.firstNameRequired)).toBeNull());
    expect(screen.getByText(messages.lastNameRequired)).toBeTruthy();
  });

  it('checks the e-mail, the mobile length of the chosen country, the password rule and the confirmation', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await userEvent.type(field(/^Email/), 'mary@');
    await choose(/^Country code/, '+267 Botswana');
    await userEvent.type(field(/^Mobile number/), '123456');
    await userEvent.type(field(/^Password/), 'password1');
    await userEvent.type(field(/^Confirm password/), 'password2');
    await userEvent.click(button('Next'));

    expect(await screen.findByText(messages.emailInvalid)).toBeTruthy();
    expect(screen.getByText(messages.mobileInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordInvalid)).toBeTruthy();
    expect(screen.getByText(messages.passwordMismatch)).toBeTruthy();
    // Botswana allows 7 or 8 digits; the field lets no more in.
    expect(field(/^Mobile number/).maxLength).toBe(8);
    expect(screen.getByText('7 to 8 digits')).toBeTruthy();
  });

  it('filters keystrokes: letters and spaces in names, city and state; digits in the mobile; digits and lower case in the postcode', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Create your account' });
    await userEvent.type(field(/^First name/), 'Ma3ry-Ann!');
    await userEvent.type(field(/^Mobile number/), '08a2 1-5');
    expect(field(/^First name/).value).toBe('MaryAnn');
    expect(field(/^Mobile number/).value).toBe('08215');
  });

  it('keeps step 1 when going back from step 2, and Back on step 1 goes home', async () => {
    const { app } = setup();
    await fillPersonal();
    await userEvent.click(button('Next'));
    await userEvent.type(await screen.findByLabelText(/^City/), 'Cape Town 9');
    await userEvent.type(field(/^Postcode/), 'SW-1a');
    expect(field(/^City/).value).toBe('Cape Town ');
    expect(field(/^Postcode/).value).toBe('sw1a');
    await userEvent.click(button('Register'));
    expect(await screen.findByText(messages.streetRequired)).toBeTruthy();
    expect(screen.getByText(messages.stateRequired)).toBeTruthy();

    await userEvent.click(button('Back'));
    expect(((await screen.findByLabelText(/^Last name/)) as HTMLInputElement).value).toBe('Dlamini');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('enables Proceed only when both boxes are ticked, then registers and opens the OTP page with flag 1', async () => {
    const sent = 'An OTP is sent to your ma****@example.test';
    const { app, fetchMock } = setup({ adduser: ok({ ID: 'c-9', emailId: 'mary@example.test' }, sent) });
    const dialog = await openAgreement();
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    expect(proceed.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /registration agreement/ }));
    expect(proceed.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }));
    expect(proceed.hasAttribute('disabled')).toBe(false);
    const terms = within(dialog).getByRole('link', { name: 'Terms and Conditions' });
    expect(terms.getAttribute('href')).toBe('/termcondition');
    expect(terms.getAttribute('target')).toBe('_blank');

    await userEvent.click(proceed);
    await waitFor(() => expect(app.pathname()).toBe('/loginotp/c-9/mary%40example.test/1'));
    expect(await screen.findByText(sent)).toBeTruthy();
    expect(addUserBodies(fetchMock)).toEqual([
      {
        firstName: 'Mary Ann',
        lastName: 'Dlamini',
        emailID: 'mary@example.test',
        countryCode: '+27',
        contactNo: '821234567',
        password: 'Secret#123',
        companyName: '',
        region: 'South Africa',
        address: '12 Long Street',
        city: 'Cape Town',
        state: 'Western Cape',
        postCode: '8001',
        vatNumber: 'ZA4000',
        kraPin: '',
        roleType: 'user',
        websiteUrl: window.location.origin,
      },
    ]);
  });

  it('keeps Proceed disabled and the modal open while registering', async () => {
    let answer!: (reply: { status: number; message: string; data: unknown }) => void;
    setup({ adduser: () => new Promise((resolve) => (answer = resolve)) });
    const dialog = await openAgreement();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /registration agreement/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Proceed' }).hasAttribute('disabled')).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Registration agreement' })).toBeTruthy();

    answer({ status: 500, message: messages.serverError, data: null });
    expect(await screen.findByText(messages.serverError)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Proceed' }).hasAttribute('disabled')).toBe(false));
  });

  it('sends a registered e-mail back to its field on step 1', async () => {
    setup({ adduser: { status: 409, message: messages.emailAlreadyRegistered, data: null } });
    const dialog = await openAgreement();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /registration agreement/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));

    const email = await screen.findByLabelText(/^Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(messages.emailAlreadyRegistered).length).toBeGreaterThan(0);
  });

  it('puts server field errors under their fields', async () => {
    setup({ adduser: { status: 400, message: messages.postcodeRequired, data: { fieldErrors: { postCode: messages.postcodeRequired } } } });
    const dialog = await openAgreement();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /registration agreement/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(field(/^Postcode/).getAttribute('aria-invalid')).toBe('true'));
  });
});
