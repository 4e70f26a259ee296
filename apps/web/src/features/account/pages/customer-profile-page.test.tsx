import { Suspense } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserProfileInfo } from '@mawingu/contracts/profile';
import { AppProviders } from '../../../app/app-providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { signInAs } from '../../../../test/session.ts';
import { CustomerProfilePage } from './customer-profile-page.tsx';

const countryList = [
  { countryCode: '+267', countryName: 'Botswana', mobileNoMinLength: 7, mobileNoMaxLength: 8 },
  { countryCode: '+254', countryName: 'Kenya', mobileNoMinLength: 9, mobileNoMaxLength: 9 },
  { countryCode: '+27', countryName: 'South Africa', mobileNoMinLength: 9, mobileNoMaxLength: 9 },
];

function profile(overrides: Partial<UserProfileInfo['userDetails']> = {}): UserProfileInfo {
  return {
    userDetails: {
      firstName: 'Thandi',
      lastName: 'Nkosi',
      emailID: 'thandi@example.co.za',
      contactNo: '821234567',
      countryCode: '+27',
      mobileNoMinLength: 9,
      mobileNoMaxLength: 9,
      address: '12 Long Street',
      postalCode: '8001',
      companyName: 'Nkosi Trading',
      city: 'Cape Town',
      state: 'Western Cape',
      region: 'South Africa',
      imagePath: null,
      websiteUrl: 'http://localhost:3000',
      customerVatNumber: '',
      ...overrides,
    },
    countryList,
  };
}

type Api = Parameters<typeof stubApi>[0];

/** The page as the route shows it, with stand-ins for the tickets feature's panel and button. */
function renderPage(path = '/customerprofile/2', api: Api = {}) {
  signInAs({ detail: { FirstName: 'Thandi', LastName: 'Nkosi' } });
  const fetchMock = stubApi({ 'profileSetting/userProfileInfo': ok(profile()), ...api });
  const router = createMemoryRouter(
    [
      {
        path: '/customerprofile/:id',
        element: (
          <Suspense fallback={null}>
            <CustomerProfilePage ticketsPanel={<p>Ticket list</p>} raiseTicketAction={<button type="button">Raise New Ticket</button>} />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const sent = (call: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith(`/api/${call}`))
      .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
  return { sent, router };
}

const section = (name: string) => screen.getByRole('button', { name });
const isOpen = (name: string) => section(name).getAttribute('aria-expanded') === 'true';

describe('account page: profile form', () => {
  it('keeps Save disabled until a field changes, then saves and shows the spec’s message', async () => {
    let saved = false;
    const { sent } = renderPage('/customerprofile/2', {
      'profileSetting/userProfileInfo': () => ok(profile(saved ? { firstName: 'Thandiwe' } : {})),
      'profileSetting/updateUserProfile': () => {
        saved = true;
        return ok(null, 'Information updated successfully');
      },
    });
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).readOnly).toBe(true);

    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Thandiwe');
    expect(save.disabled).toBe(false);
    await userEvent.click(save);

    expect(await screen.findByText('Information updated successfully')).toBeTruthy();
    expect(sent('profileSetting/updateUserProfile')).toEqual([
      {
        firstName: 'Thandiwe',
        lastName: 'Nkosi',
        emailID: 'thandi@example.co.za',
        countryCode: '+27',
        contactNo: '821234567',
        region: 'South Africa',
        companyName: 'Nkosi Trading',
        address: '12 Long Street',
        city: 'Cape Town',
        state: 'Western Cape',
        postCode: '8001',
        vatNumber: '',
        kraPin: '',
      },
    ]);
    // The profile refreshes and Save is disabled again.
    await waitFor(() => expect(sent('profileSetting/userProfileInfo').length).toBe(2));
    await waitFor(() => expect(save.disabled).toBe(true));
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Thandiwe');
  });

  it(
    'shows the saved values after Save (spaces collapsed, as the server keeps them) and disables Save again',
    { timeout: 40_000 },
    async () => {
      let saved: Record<string, string> | null = null;
      renderPage('/customerprofile/2', {
        'profileSetting/userProfileInfo': () => ok(profile(saved ? { city: saved.city!.replace(/\s+/g, ' ').trim() } : {})),
        'profileSetting/updateUserProfile': (body) => {
          saved = body as Record<string, string>;
          return ok(null, 'Information updated successfully');
        },
      });
      await screen.findByRole('textbox', { name: 'First name' });
      await userEvent.click(section('Billing Address'));
      const city = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
      await userEvent.clear(city);
      await userEvent.type(city, '  Port   Elizabeth ');
      const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
      await userEvent.click(save);
      expect(await screen.findByText('Information updated successfully')).toBeTruthy();
      await waitFor(() => expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Port Elizabeth'));
      await waitFor(() => expect(save.disabled).toBe(true));
      // And it stays so once the refreshed profile has arrived.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(save.disabled).toBe(true);
      expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Port Elizabeth');
    },
  );

  it('opens the accordion holding a failing field, with the spec’s message', async () => {
    const { sent } = renderPage();
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    expect(isOpen('Personal Information')).toBe(true);
    expect(isOpen('Billing Address')).toBe(false);

    await userEvent.clear(firstName);
    await userEvent.click(section('Personal Information'));
    await waitFor(() => expect(isOpen('Personal Information')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(isOpen('Personal Information')).toBe(true));
    expect(await screen.findByText('First name required')).toBeTruthy();
    expect(isOpen('Billing Address')).toBe(false);
    expect(sent('profileSetting/updateUserProfile')).toEqual([]);
  });

  it('opens Billing Address when the server refuses one of its fields, and shows the server’s message', async () => {
    renderPage('/customerprofile/2', {
      'profileSetting/updateUserProfile': {
        status: 400,
        message: 'Choose a country from the list',
        data: { fieldErrors: { region: 'Choose a country from the list' } },
      },
    });
    const lastName = await screen.findByRole('textbox', { name: 'Last name' });
    await userEvent.type(lastName, ', Jr');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(isOpen('Billing Address')).toBe(true));
    expect((await screen.findAllByText('Choose a country from the list')).length).toBeGreaterThanOrEqual(2);
  });

  it('checks the mobile number’s length for the chosen country code', async () => {
    const { sent } = renderPage();
    const mobile = await screen.findByRole('textbox', { name: 'Mobile number' });
    expect(screen.getByText('9 digits')).toBeTruthy();
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '8212345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter valid number')).toBeTruthy();
    expect(sent('profileSetting/updateUserProfile')).toEqual([]);
  });

  it('filters keystrokes: names keep letters, spaces and commas; mobile digits; postcode digits and lower case', async () => {
    renderPage();
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Th4ndi, Grace!');
    expect((firstName as HTMLInputElement).value).toBe('Thndi, Grace');

    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '82-12a3');
    expect((mobile as HTMLInputElement).value).toBe('82123');

    await userEvent.click(section('Billing Address'));
    const postcode = await screen.findByRole('textbox', { name: 'Postcode' });
    await userEvent.clear(postcode);
    await userEvent.type(postcode, 'SW1A 1aa');
    expect((postcode as HTMLInputElement).value).toBe('sw1a1aa');
    const city = screen.getByRole('textbox', { name: 'City' });
    await userEvent.clear(city);
    await userEvent.type(city, 'Cape Town 8');
    expect((city as HTMLInputElement).value).toBe('Cape Town ');
  });
});

describe('account page: profile picture', () => {
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });
  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('offers Remove (disabled without a picture) and Update, and uploads a chosen image', async () => {
    const { sent } = renderPage('/customerprofile/2', {
      'profileSetting/updateProfileImage': ok(null, 'Image uploaded successfully'),
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Change picture' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' });
    expect((within(dialog).getByRole('button', { name: 'Remove' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();

    await userEvent.upload(fileInput(), png());
    expect(await screen.findByText('Image uploaded successfully')).toBeTruthy();
    const [form] = sent('profileSetting/updateProfileImage') as FormData[];
    expect((form!.get('image') as File).name).toBe('me.png');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile picture' })).toBeNull());
    await waitFor(() => expect(sent('profileSetting/userProfileInfo').length).toBe(2));
  });

  it('refuses a file that is not an image, or too large, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { sent } = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Change picture' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' });

    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Only JPEG, PNG, WebP or GIF images can be uploaded')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(fileInput(), big);
    expect(await within(dialog).findByText('The image must be 2 MB or smaller')).toBeTruthy();
    expect(sent('profileSetting/updateProfileImage')).toEqual([]);
  });

  it('removes the picture', async () => {
    const { sent } = renderPage('/customerprofile/2', {
      'profileSetting/userProfileInfo': ok(profile({ imagePath: '/api/profileSetting/profileImage/0b7c2f47-3c4e-4f5e-9a51-1d2b3c4d5e6f' })),
      'profileSetting/removeProfileImage': ok(null, 'Image removed successfully'),
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Change picture' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Profile picture' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Image removed successfully')).toBeTruthy();
    expect(sent('profileSetting/removeProfileImage')).toHaveLength(1);
  });
});

describe('account page: tabs', () => {
  it('opens Products for id 2 and hides Raise New Ticket there', async () => {
    renderPage('/customerprofile/2');
    const products = await screen.findByRole('tab', { name: 'Products' });
    expect(products.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No virtual machines yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Raise New Ticket' })).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Products',
      'Purchase History',
      'Renewals',
      'Tickets',
      'Backup',
      'Archived',
    ]);
  });

  it('opens Tickets for id 1 with the tickets panel and Raise New Ticket, which Backup shows too', async () => {
    renderPage('/customerprofile/1');
    expect((await screen.findByRole('tab', { name: 'Tickets' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Ticket list')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Raise New Ticket' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Backup' }));
    expect(screen.getByRole('button', { name: 'Raise New Ticket' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Renewals' }));
    expect(screen.queryByRole('button', { name: 'Raise New Ticket' })).toBeNull();
  });

  it('follows the route when the header links to the other tab', async () => {
    const { router } = renderPage('/customerprofile/2');
    await screen.findByRole('tab', { name: 'Products', selected: true });
    await router.navigate('/customerprofile/1');
    expect(await screen.findByRole('tab', { name: 'Tickets', selected: true })).toBeTruthy();
  });
});
