import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import { kraPinMessage } from '@mawingu/contracts/kra-pin';
import { messages } from '@mawingu/contracts/messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { authHeaders } from '../../../../test/sign-in.ts';
import { auditLog, countries, customers } from '../../../db/schema.ts';
import { demoCountries } from '../../../db/seed/demo-catalogue.ts';
import { ACME, openVmWorld, type VmWorld } from '../../machines/vms/vm-actions.test-helper.ts';
import { call as accountCall, codeMailedTo, signupBody } from '../../identity/auth/auth.test-helper.ts';

let w: VmWorld;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;

const C = (customerId = w.thandi.customerId) => `/companies/${w.acme}/customers/${customerId}`;
const auditOf = (action: string, customerId = w.thandi.customerId) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(customerId))))
    .orderBy(desc(auditLog.id));
const rowOf = async (id: number) => (await w.db.select().from(customers).where(eq(customers.id, id)))[0]!;

/** Thandi's profile as the console form sends it, with `over` changed. */
const form = (over: Record<string, string> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.co.za',
  countryCode: '+27',
  contactNo: '821234567',
  region: 'South Africa',
  companyName: '',
  address: '12 Long Street',
  city: 'Cape Town',
  state: 'Western Cape',
  postCode: '8001',
  vatNumber: '',
  ...over,
});

beforeAll(async () => {
  w = await openVmWorld();
  await w.db.insert(countries).values(demoCountries).onConflictDoNothing();
  admin = await signInOperator(w.t, 'admin', w.acme);
  support = await signInOperator(w.t, 'support', w.acme);
  zebraAdmin = await signInOperator(w.t, 'admin', w.zebra);
});
afterAll(() => w?.t.close());

describe("edit a customer's profile", () => {
  it('support is refused (403), another company gets 404; errors name the field; nothing is written', async () => {
    expect((await adminCall(w.t, support, 'PUT', `${C()}/profile`, form())).http).toBe(403);
    expect((await adminCall(w.t, zebraAdmin, 'PUT', `/companies/${w.zebra}/customers/${w.thandi.customerId}/profile`, form())).http).toBe(
      404,
    );
    const bad = await adminCall(w.t, admin, 'PUT', `${C()}/profile`, form({ firstName: '', email: 'not-an-email' }));
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toMatchObject({ firstName: messages.firstNameRequired, email: messages.emailInvalid });
    const mobile = await adminCall(w.t, admin, 'PUT', `${C()}/profile`, form({ contactNo: '12' }));
    expect(mobile).toMatchObject({ http: 400, body: { data: { fieldErrors: { contactNo: messages.mobileInvalid } } } });
    // Sipho, of the same company, already has this address; Zebra's Thandi does not count.
    const taken = await adminCall(w.t, admin, 'PUT', `${C()}/profile`, form({ email: 'Sipho@Example.co.za' }));
    expect(taken).toMatchObject({ http: 400, body: { message: texts.emailTaken, data: { fieldErrors: { email: texts.emailTaken } } } });
    expect((await rowOf(w.thandi.customerId)).email).toBe('thandi@example.co.za');
    expect(await auditOf('customer.profile')).toHaveLength(0);
  });

  it('saves the fields, audits only what changed (old → new), and a new e-mail is the login and unverified', async () => {
    const res = await adminCall(
      w.t,
      admin,
      'PUT',
      `${C()}/profile`,
      form({ lastName: 'Nkosi Mokoena', email: 'Thandi.N@Example.co.za', city: 'Stellenbosch' }),
    );
    expect(res).toMatchObject({ http: 200, body: { message: texts.profileSaved } });
    expect(res.body.data).toMatchObject({
      lastName: 'Nkosi Mokoena',
      email: 'thandi.n@example.co.za',
      city: 'Stellenbosch',
      emailVerifiedAt: null,
    });
    const [entry] = await auditOf('customer.profile');
    expect(entry).toMatchObject({ operatorId: admin.operatorId, companyId: w.acme });
    expect(entry!.before).toEqual({ lastName: 'Nkosi', email: 'thandi@example.co.za', city: 'Cape Town' });
    expect(entry!.after).toEqual({
      lastName: 'Nkosi Mokoena',
      email: 'thandi.n@example.co.za',
      city: 'Stellenbosch',
      emailVerified: false,
    });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|passwordHash/);
    // The customer logs in with the new address; the old one is nobody's.
    expect((await accountCall(w.t, 'login', { emailID: 'thandi.n@example.co.za', password: 'Secret@123', websiteUrl: ACME })).http).toBe(
      200,
    );
    expect((await accountCall(w.t, 'login', { emailID: 'thandi@example.co.za', password: 'Secret@123', websiteUrl: ACME })).http).toBe(401);
    const again = await adminCall(
      w.t,
      admin,
      'PUT',
      `${C()}/profile`,
      form({ lastName: 'Nkosi Mokoena', email: 'thandi.n@example.co.za', city: 'Stellenbosch' }),
    );
    expect(again).toMatchObject({ http: 200, body: { message: texts.profileUnchanged } });
    expect(await auditOf('customer.profile')).toHaveLength(1);
  });

  it("sets the KRA PIN by the customer's own rule: a malformed one is refused on its field, a good one tidied, audited", async () => {
    const now = await rowOf(w.thandi.customerId);
    const current = { lastName: now.lastName, email: now.email, city: now.city };
    const before = (await auditOf('customer.profile')).length;
    for (const pin of ['A12345678B', '1234567890B', 'A123456789']) {
      const bad = await adminCall(w.t, admin, 'PUT', `${C()}/profile`, form({ ...current, kraPin: pin }));
      expect(bad, pin).toMatchObject({ http: 400, body: { message: kraPinMessage, data: { fieldErrors: { kraPin: kraPinMessage } } } });
    }
    expect((await rowOf(w.thandi.customerId)).kraPin).toBe('');

    const res = await adminCall(w.t, admin, 'PUT', `${C()}/profile`, form({ ...current, kraPin: ' a 123456789 b ' }));
    expect(res).toMatchObject({ http: 200, body: { message: texts.profileSaved, data: { kraPin: 'A123456789B' } } });
    expect((await rowOf(w.thandi.customerId)).kraPin).toBe('A123456789B');
    const entries = await auditOf('customer.profile');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ before: { kraPin: '' }, after: { kraPin: 'A123456789B' } });
    // The console's customer page reads it back.
    const detail = await adminCall(w.t, admin, 'GET', C());
    expect(JSON.stringify(detail.body.data)).toContain('"kraPin":"A123456789B"');
  });
});

describe('resend the verification', () => {
  it('mails a new code on the waiting sign-up, which finishes it; then says it is verified', async () => {
    const email = 'lindiwe@example.co.za';
    const signup = await accountCall(w.t, 'adduser', signupBody({ emailID: email, firstName: 'Lindiwe', websiteUrl: ACME }));
    expect(signup.http).toBe(200);
    const [row] = await w.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, w.acme), eq(customers.email, email)));
    expect((await adminCall(w.t, support, 'POST', `${C(row!.id)}/verification`)).http).toBe(403);
    const first = await codeMailedTo(w.t, email);

    const res = await adminCall(w.t, admin, 'POST', `${C(row!.id)}/verification`);
    expect(res).toMatchObject({ http: 200, body: { message: texts.verificationSent, data: { sent: true } } });
    const mails = await queuedMails(w.t, email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(mails[0]!.subject); // the sign-up code mail itself
    const code = await codeMailedTo(w.t, email);
    expect(code).not.toBe(first);
    const done = await accountCall(w.t, 'twoFactorAuth', { emailID: email, ID: signup.body.data.ID, OTP: code, websiteUrl: ACME });
    expect(done.http).toBe(200);
    expect((await rowOf(row!.id)).emailVerifiedAt).not.toBeNull();
    expect((await auditOf('customer.verification', row!.id))[0]).toMatchObject({ operatorId: admin.operatorId, after: { email } });

    const verified = await adminCall(w.t, admin, 'POST', `${C(row!.id)}/verification`);
    expect(verified).toMatchObject({ http: 409, body: { message: texts.alreadyVerified } });
    expect(await queuedMails(w.t, email)).toHaveLength(2); // nothing more was sent
  });

  it("says plainly when the customer's cap is reached, and sends nothing", async () => {
    const email = 'bongani@example.co.za';
    await accountCall(w.t, 'adduser', signupBody({ emailID: email, firstName: 'Bongani', websiteUrl: ACME }));
    const [row] = await w.db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, w.acme), eq(customers.email, email)));
    for (let i = 0; i < 5; i++) expect((await adminCall(w.t, admin, 'POST', `${C(row!.id)}/verification`)).http).toBe(200);
    const capped = await adminCall(w.t, admin, 'POST', `${C(row!.id)}/verification`);
    expect(capped).toMatchObject({ http: 429, body: { message: texts.verificationCapped } });
    expect(await queuedMails(w.t, email)).toHaveLength(6); // the sign-up's own and 5 resent
    expect(await auditOf('customer.verification', row!.id)).toHaveLength(5);
  });

  it('a customer with no sign-up code waiting is told how to verify, nothing sent', async () => {
    await w.db.update(customers).set({ emailVerifiedAt: null }).where(eq(customers.id, w.sipho.customerId));
    const res = await adminCall(w.t, admin, 'POST', `${C(w.sipho.customerId)}/verification`);
    expect(res).toMatchObject({ http: 409, body: { message: texts.noSignupCode } });
    expect(await queuedMails(w.t, 'sipho@example.co.za')).toHaveLength(0);
  });
});

describe('internal notes stay with the operators', () => {
  it('no customer route returns them (every GET of the published customer API, as the customer)', async () => {
    const added = await adminCall(w.t, support, 'POST', `${C()}/notes`, { body: 'SECRET-NOTE-7731: prefers phone calls.' });
    expect(added.http).toBe(200);
    const spec = (await w.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, object> };
    const paths = Object.entries(spec.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
    expect(paths.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const url of paths) {
      const res = await w.t.app.inject({ method: 'GET', url, headers: authHeaders(ACME, w.thandi) });
      if (res.body.includes('SECRET-NOTE-7731')) leaks.push(url);
    }
    expect(leaks).toEqual([]);
    // The console does show it: the walk above would have seen it had any customer route read the table.
    expect(JSON.stringify((await adminCall(w.t, support, 'GET', `${C()}/notes`)).body)).toContain('SECRET-NOTE-7731');
  });
});
