import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeConfiguration, ok, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { signInAs } from '../../test/session.ts';

const userDetails = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  emailID: 'thandi@example.co.za',
  contactNo: '821234567',
  countryCode: '+27',
  mobileNoMinLength: 9,
  mobileNoMaxLength: 9,
  address: '12 Long Street',
  postalCode: '8001',
  companyName: '',
  city: 'Cape Town',
  state: 'Western Cape',
  region: 'South Africa',
  imagePath: null,
  websiteUrl: 'http://localhost:3000',
  customerVatNumber: '',
};

describe('account page route', () => {
  it('opens on the Tickets tab for id 1 with the customer’s tickets and Raise New Ticket', async () => {
    signInAs();
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration()),
      getDropdownList: ok([]),
      'profileSetting/userProfileInfo': ok({
        userDetails,
        countryList: [{ countryCode: '+27', countryName: 'South Africa', mobileNoMinLength: 9, mobileNoMaxLength: 9 }],
      }),
      'ticket/getallUserTicket': ok([
        {
          ticketID: 5,
          issueType: 'Billing',
          ticketDate: '2026-11-20T09:30:00.000Z',
          ticketStatus: 'Open',
          description: 'Charged twice',
          attachment: [],
        },
      ]),
      'ticket/getTicketIssueType': ok([{ issueName: 'Billing' }]),
    });
    renderApp('/customerprofile/1');

    const panel = await screen.findByRole('tabpanel', { name: 'Tickets' });
    expect(await within(panel).findByRole('link', { name: 'Ticket #5: Billing, Open' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Raise New Ticket' }));
    expect(await screen.findByRole('dialog', { name: 'Raise a new ticket' })).toBeTruthy();
  });

  it('opens on Purchase History for id 3 (where a payment’s notification leads); any other id opens Products', async () => {
    signInAs();
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration()),
      getDropdownList: ok([]),
      'profileSetting/userProfileInfo': ok({ userDetails, countryList: [] }),
    });
    const { unmount } = renderApp('/customerprofile/3');
    expect((await screen.findByRole('tab', { name: 'Purchase History' })).getAttribute('aria-selected')).toBe('true');
    unmount();
    renderApp('/customerprofile/7');
    expect((await screen.findByRole('tab', { name: 'Products' })).getAttribute('aria-selected')).toBe('true');
  });
});
