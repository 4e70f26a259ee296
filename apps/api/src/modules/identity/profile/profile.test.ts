import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { countries, customers } from '../../../db/schema.ts';
import { demoCountries } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-profile.example';
const ZEBRA = 'https://zebra-profile.example';

/** A complete, valid Save of the profile form. */
const validProfile = {
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
  vatNumber: '4123456789',
};

describe('profile: userProfileInfo and updateUserProfile', () => {
  let t: TestContext;
  let acmeId: number;
  let thandi: SignedIn;
  let sipho: SignedIn;

  const info = (session: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/profileSetting/userProfileInfo', headers: authHeaders(ACME, session) });
  const update = (session: SignedIn, body: object) => post(t.app, 'profileSetting/updateUserProfile', body, authHeaders(ACME, session));
  const stored = async (customerId: number) => (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await db.insert(countries).values(demoCountries).onConflictDoNothing();
    acmeId = (await upsertCompany(db, completeCompany('acme-profile', 'Acme Cloud'), [ACME])).id;
    await upsertCompany(db, completeCompany('zebra-profile', 'Zebra Hosting'), [ZEBRA]);
    const thandiRow = await createCustomer(db, acmeId, { email: 'thandi@example.co.za' });
    const siphoRow = await createCustomer(db, acmeId, { email: 'sipho@example.co.za', firstName: 'Sipho' });
    thandi = await signIn(t, acmeId, thandiRow.id);
    sipho = await signIn(t, acmeId, siphoRow.id);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // Each test starts from the factory's profile.
    await t.database.db
      .update(customers)
      .set({
        firstName: 'Thandi',
        lastName: 'Nkosi',
        countryCode: '+27',
        contactNo: '821234567',
        region: 'South Africa',
        companyName: '',
        vatNumber: '',
      })
      .where(eq(customers.id, thandi.customerId));
  });

  it('reads the spec’s userDetails with the mobile bounds of the customer’s country and the country list', async () => {
    const res = await info(thandi);
    expect(res.statusCode).toBe(200);
    const { userDetails, countryList } = res.json().data;
    expect(userDetails).toEqual({
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
      websiteUrl: ACME,
      customerVatNumber: '',
      customerKraPin: '',
    });
    expect(countryList).toContainEqual({ countryCode: '+267', countryName: 'Botswana', mobileNoMinLength: 7, mobileNoMaxLength: 8 });
  });

  it('keeps the KRA PIN printed on Kenyan invoices, upper-cased, and refuses one that is not a letter, 9 digits and a letter', async () => {
    const saved = await update(thandi, { ...validProfile, kraPin: 'a123 456 789b' });
    expect(saved.http, saved.body.message).toBe(200);
    expect((await stored(thandi.customerId)).kraPin).toBe('A123456789B');
    expect(JSON.parse((await info(thandi)).body).data.userDetails.customerKraPin).toBe('A123456789B');
    const bad = await update(thandi, { ...validProfile, kraPin: '123456789' });
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({ kraPin: 'A KRA PIN is a letter, 9 digits and a letter, e.g. A123456789B.' });
    expect((await stored(thandi.customerId)).kraPin).toBe('A123456789B');
  });

  it('saves the profile, collapsing runs of spaces, keeping commas in names, and never changing the e-mail', async () => {
    const res = await update(thandi, {
      ...validProfile,
      firstName: '  Thandiwe   Grace ',
      lastName: 'Nkosi, Jr',
      address: '12   Long  Street',
      emailID: 'someone-else@example.com',
    });
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Information updated successfully', data: null });

    const { userDetails } = (await info(thandi)).json().data;
    expect(userDetails).toMatchObject({
      firstName: 'Thandiwe Grace',
      lastName: 'Nkosi, Jr',
      emailID: 'thandi@example.co.za',
      address: '12 Long Street',
      companyName: 'Nkosi Trading',
      customerVatNumber: '4123456789',
      postalCode: '8001',
    });
    // The other customer of the same company is untouched.
    expect((await stored(sipho.customerId)).firstName).toBe('Sipho');
  });

  it('names every missing field with the spec’s profile messages and writes nothing', async () => {
    const res = await update(thandi, { emailID: 'thandi@example.co.za', companyName: '', vatNumber: '' });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({
      firstName: 'First name required',
      lastName: ' Last name required',
      countryCode: 'Please select country code',
      contactNo: 'Mobile Number required',
      region: 'Country name required',
      address: 'Street address required',
      city: 'city name required',
      state: 'State name required',
      postCode: 'Postcode required',
    });
    expect(res.body.message).toBe('First name required');
    expect((await stored(thandi.customerId)).firstName).toBe('Thandi');
  });

  it.each([
    ['a mobile number shorter than the country allows', { contactNo: '82123456' }, 'contactNo', messages.mobileInvalid],
    ['a mobile number longer than the country allows', { contactNo: '8212345678' }, 'contactNo', messages.mobileInvalid],
    ['letters in the mobile number', { contactNo: '82123456a' }, 'contactNo', messages.mobileInvalid],
    ['a dialling code not in the list', { countryCode: '+999' }, 'countryCode', messages.countryCodeRequired],
    ['a country not in the list', { region: 'Atlantis' }, 'region', messages.countryUnknown],
    ['script in a name', { firstName: '<script>alert(1)</script>' }, 'firstName', messages.profileFirstNameInvalid],
    ['digits in a last name', { lastName: 'Nkosi2' }, 'lastName', messages.profileLastNameInvalid],
    ['digits in a city', { city: 'Cape Town 2' }, 'city', messages.cityInvalid],
    ['capitals in a postcode', { postCode: 'SW1A' }, 'postCode', messages.postcodeInvalid],
    ['a name that is too long', { firstName: 'a'.repeat(101) }, 'firstName', messages.fieldTooLong],
    ['a number where text belongs', { address: 12 }, 'address', messages.streetRequired],
  ])('refuses %s and writes nothing', async (_case, change, field, message) => {
    const res = await update(thandi, { ...validProfile, ...change });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors[field]).toBe(message);
    const row = await stored(thandi.customerId);
    expect([row.firstName, row.companyName]).toEqual(['Thandi', '']);
  });

  it('checks the mobile length against the chosen country (Botswana allows 7 or 8 digits)', async () => {
    const botswana = { ...validProfile, countryCode: '+267', region: 'Botswana' };
    expect((await update(thandi, { ...botswana, contactNo: '7123456' })).http).toBe(200);
    const { userDetails } = (await info(thandi)).json().data;
    expect(userDetails).toMatchObject({ countryCode: '+267', contactNo: '7123456', mobileNoMinLength: 7, mobileNoMaxLength: 8 });
    expect((await update(thandi, { ...botswana, contactNo: '712345' })).body.data.fieldErrors).toEqual({ contactNo: 'Enter valid number' });
  });
});
