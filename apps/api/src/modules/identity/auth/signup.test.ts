import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, otpChallenges } from '../../../db/schema.ts';
import { verifyPassword } from './passwords.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { ACME, ZEBRA, call, codeMailedTo, setUpSites, signupBody } from './auth.test-helper.ts';

describe('signup (adduser) and the country list', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ acmeId, zebraId } = await setUpSites(t, 'signup'));
  });
  afterAll(() => t.close());

  const customerRows = (companyId: number, email: string) =>
    t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.email, email)));

  it('lists the dialling codes with each country’s mobile length bounds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getCountryCode' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.data).toContainEqual({ countryCode: '+27', countryName: 'South Africa', mobileNoMaxLength: 9, mobileNoMinLength: 9 });
    expect(body.data).toContainEqual({ countryCode: '+267', countryName: 'Botswana', mobileNoMaxLength: 8, mobileNoMinLength: 7 });
  });

  it('registers a customer, mails a signup code and replies with the OTP page’s parameters', async () => {
    const res = await call(t, 'adduser', signupBody({ emailID: '  Thandi@Example.co.za ', firstName: 'Thandi   Grace' }));
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('An OTP is sent to your th****@example.co.za');
    expect(res.body.data).toEqual({ ID: expect.stringMatching(/^[0-9a-f-]{36}$/), emailId: 'thandi@example.co.za' });

    const [row] = await customerRows(acmeId, 'thandi@example.co.za');
    expect(row).toMatchObject({
      role: 'user',
      firstName: 'Thandi Grace',
      region: 'South Africa',
      countryCode: '+27',
      emailVerifiedAt: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'Secret@123')).toBe(true);

    const [mail] = await queuedMails(t, 'thandi@example.co.za');
    expect(mail).toMatchObject({ companyId: acmeId, subject: 'Your Acme Cloud verification code' });
    expect(mail!.text).toContain('Acme Cloud');
    expect(mail!.subject).not.toMatch(/\d{6}/);
    const [challenge] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.publicId, res.body.data.ID));
    expect(challenge).toMatchObject({ purpose: 'signup', customerId: row!.id, companyId: acmeId, attempts: 0 });
  });

  it('verifies the address with the mailed code and logs the new customer in ("Login successfully!")', async () => {
    const signup = await call(t, 'adduser', signupBody({ emailID: 'sipho@example.co.za', firstName: 'Sipho', lastName: 'Dlamini' }));
    const OTP = await codeMailedTo(t, 'sipho@example.co.za');
    const res = await call(t, 'twoFactorAuth', { emailID: 'sipho@example.co.za', ID: signup.body.data.ID, OTP, websiteUrl: ACME });
    expect(res.http).toBe(200);
    expect(res.body.message).toBe('Login successfully!');
    expect(res.body.data).toEqual([
      {
        token: expect.any(String),
        refreshToken: expect.any(String),
        userDetail: {
          FirstName: 'Sipho',
          LastName: 'Dlamini',
          AccessTokenMaxAge: t.config.accessTokenTtlSeconds,
          emailID: 'sipho@example.co.za',
        },
      },
    ]);
    const [row] = await customerRows(acmeId, 'sipho@example.co.za');
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('refuses a second account for the same e-mail in the same company (409), in any case', async () => {
    await call(t, 'adduser', signupBody({ emailID: 'wanjiru@example.co.ke' }));
    const again = await call(t, 'adduser', signupBody({ emailID: 'WANJIRU@example.co.ke', firstName: 'Other' }));
    expect(again.http).toBe(409);
    expect(again.body).toEqual({
      status: 409,
      message: 'An account with this email already exists. Please log in or reset your password.',
      data: null,
    });
    expect(await customerRows(acmeId, 'wanjiru@example.co.ke')).toHaveLength(1);
    expect(await queuedMails(t, 'wanjiru@example.co.ke')).toHaveLength(1);
  });

  it('lets the same e-mail register with another company, as an unrelated account', async () => {
    const res = await call(t, 'adduser', signupBody({ emailID: 'wanjiru@example.co.ke', websiteUrl: ZEBRA }));
    expect(res.http).toBe(200);
    const [mail] = (await queuedMails(t, 'wanjiru@example.co.ke')).slice(-1);
    expect(mail).toMatchObject({ companyId: zebraId, subject: 'Your Zebra Hosting verification code' });
    expect(await customerRows(zebraId, 'wanjiru@example.co.ke')).toHaveLength(1);
  });

  it('checks the mobile number against the chosen country’s length bounds', async () => {
    const cases: [string, string, number][] = [
      ['+27', '82123456', 400], // South Africa: exactly 9
      ['+27', '8212345678', 400],
      ['+267', '7123456', 200], // Botswana: 7 or 8
      ['+267', '71234567', 200],
      ['+267', '712345678', 400],
    ];
    let n = 0;
    for (const [countryCode, contactNo, status] of cases) {
      const res = await call(t, 'adduser', signupBody({ countryCode, contactNo, emailID: `mobile${++n}@example.co.za` }));
      expect(res.http, `${countryCode} ${contactNo}`).toBe(status);
      if (status === 400) {
        expect(res.body.message).toBe('Enter valid number');
        expect(res.body.data.fieldErrors).toEqual({ contactNo: 'Enter valid number' });
      }
    }
  });

  it('refuses a dialling code or a country that is not in the list', async () => {
    const code = await call(t, 'adduser', signupBody({ countryCode: '+999', emailID: 'code@example.co.za' }));
    expect(code.http).toBe(400);
    expect(code.body.data.fieldErrors).toEqual({ countryCode: 'Please select country code' });
    const country = await call(t, 'adduser', signupBody({ region: 'Atlantis', emailID: 'country@example.co.za' }));
    expect(country.http).toBe(400);
    expect(country.body.data.fieldErrors).toEqual({ region: 'Country name required' });
    expect(await customerRows(acmeId, 'code@example.co.za')).toHaveLength(0);
    expect(await customerRows(acmeId, 'country@example.co.za')).toHaveLength(0);
  });

  it('stores the country as the list spells it', async () => {
    const res = await call(t, 'adduser', signupBody({ region: '  kenya ', emailID: 'amina@example.co.ke' }));
    expect(res.http).toBe(200);
    const [row] = await customerRows(acmeId, 'amina@example.co.ke');
    expect(row!.region).toBe('Kenya');
  });

  it('keeps the KRA PIN given at sign-up for Kenyan invoices, and refuses one of the wrong form under its field', async () => {
    const res = await call(t, 'adduser', signupBody({ region: 'Kenya', emailID: 'otieno@example.co.ke', kraPin: ' a123456789b ' }));
    expect(res.http, res.body.message).toBe(200);
    expect((await customerRows(acmeId, 'otieno@example.co.ke'))[0]!.kraPin).toBe('A123456789B');
    const bad = await call(t, 'adduser', signupBody({ region: 'Kenya', emailID: 'njeri@example.co.ke', kraPin: 'A1234B' }));
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({ kraPin: 'A KRA PIN is a letter, 9 digits and a letter, e.g. A123456789B.' });
    expect(await customerRows(acmeId, 'njeri@example.co.ke')).toHaveLength(0);
  });

  it('names each bad field with the spec’s message and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ firstName: '' }, { firstName: 'First name required' }],
      [{ lastName: '   ' }, { lastName: 'Last name required' }],
      [{ firstName: '<script>alert(1)</script>' }, { firstName: 'First name may contain only letters and spaces' }],
      [{ lastName: 'Nkosi<img src=x>' }, { lastName: 'Last name may contain only letters and spaces' }],
      [{ firstName: 'A'.repeat(101) }, { firstName: 'This field is too long' }],
      [{ emailID: '' }, { emailID: 'Email required' }],
      [{ emailID: 'not-an-email' }, { emailID: 'Enter correct email' }],
      [{ emailID: 42 }, { emailID: 'Email required' }],
      [{ countryCode: '' }, { countryCode: 'Please select country code' }],
      [{ contactNo: '' }, { contactNo: 'Mobile Number required' }],
      [{ contactNo: '82-123-4567' }, { contactNo: 'Enter valid number' }],
      [{ password: '' }, { password: 'Password required' }],
      [{ password: 'secret123' }, { password: 'Please enter valid password' }],
      [{ password: 'Secret@1234567890' }, { password: 'Please enter valid password' }],
      [{ region: '' }, { region: 'Country name required' }],
      [{ address: '' }, { address: 'Street address required' }],
      [{ city: '' }, { city: 'city name required' }],
      [{ city: 'Cape Town 1' }, { city: 'City may contain only letters and spaces' }],
      [{ state: '' }, { state: 'State name required' }],
      [{ postCode: '' }, { postCode: 'Postcode required' }],
      [{ postCode: 'AB 12' }, { postCode: 'Postcode may contain only digits and lower-case letters' }],
      [{ roleType: 'admin' }, { roleType: expect.any(String) as unknown as string }],
    ];
    for (const [override, fieldErrors] of cases) {
      const res = await call(t, 'adduser', signupBody({ ...override, emailID: override.emailID ?? 'bad-input@example.co.za' }));
      expect(res.http, JSON.stringify(override)).toBe(400);
      expect(res.body.data.fieldErrors).toEqual(fieldErrors);
      expect(res.body.message).toBe(Object.values(res.body.data.fieldErrors)[0]);
    }
    expect(await customerRows(acmeId, 'bad-input@example.co.za')).toHaveLength(0);
    expect(await queuedMails(t, 'bad-input@example.co.za')).toHaveLength(0);
  });

  it('publishes every accounts call in the OpenAPI contract', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const calls = [
      'adduser',
      'login',
      'twoFactorAuth',
      'resendOtp',
      'forgotPassword',
      'forgotUserName',
      'updatePassword',
      'refreshToken',
      'logout',
    ];
    for (const name of calls) expect(spec.paths[`/api/${name}`]?.post, name).toBeDefined();
    expect(spec.paths['/api/getCountryCode'].get).toBeDefined();
  });

  it('answers an unknown site with "Company not registered yet" and registers nobody', async () => {
    const res = await call(t, 'adduser', signupBody({ websiteUrl: 'https://nobody.example', emailID: 'lost@example.co.za' }));
    expect(res.http).toBe(404);
    expect(res.body.message).toBe('Company not registered yet');
  });

  it('registers nobody when the code cannot be mailed, so the same signup works again', async () => {
    const original = t.modules.platform.mail.enqueue;
    t.modules.platform.mail.enqueue = async () => Promise.reject(new Error('queue down'));
    try {
      const res = await call(t, 'adduser', signupBody({ emailID: 'retry@example.co.za' }));
      expect(res.http).toBe(500);
    } finally {
      t.modules.platform.mail.enqueue = original;
    }
    expect(await customerRows(acmeId, 'retry@example.co.za')).toHaveLength(0);
    expect((await call(t, 'adduser', signupBody({ emailID: 'retry@example.co.za' }))).http).toBe(200);
  });
});
