import type { AddUserRequest } from '@mawingu/contracts/auth';
import { countries } from '../../../db/schema.ts';
import { demoCountries } from '../../../db/seed/demo-catalogue.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';

/** Two brands on one server: accounts of one must mean nothing on the other's site. */
export const ACME = 'https://acme-accounts.example';
export const ZEBRA = 'https://zebra-accounts.example';

export async function setUpSites(t: TestContext, tag: string) {
  const db = t.database.db;
  await db.insert(countries).values(demoCountries).onConflictDoNothing();
  const acme = await upsertCompany(db, completeCompany(`acme-${tag}`, 'Acme Cloud'), [ACME]);
  const zebra = await upsertCompany(db, completeCompany(`zebra-${tag}`, 'Zebra Hosting'), [ZEBRA]);
  return { acmeId: acme.id, zebraId: zebra.id };
}

let client = 0;
/** A fresh client address per call: the calls are also limited per address, which most tests are not about. */
export const newAddress = () => `198.18.${Math.floor(++client / 250) % 250}.${(client % 250) + 1}`;

/** A complete, valid signup of a South African customer. */
export function signupBody(overrides: Partial<Record<keyof AddUserRequest, unknown>> = {}) {
  return {
    firstName: 'Thandi',
    lastName: 'Nkosi',
    countryCode: '+27',
    contactNo: '821234567',
    emailID: 'thandi@example.co.za',
    password: 'Secret@123',
    companyName: 'Nkosi Trading',
    region: 'South Africa',
    address: '12 Long Street',
    city: 'Cape Town',
    state: 'Western Cape',
    postCode: '8001',
    roleType: 'user',
    vatNumber: '4123456789',
    websiteUrl: ACME,
    ...overrides,
  };
}

/** Calls an accounts call from a fresh address (or the one given). */
export const call = (t: TestContext, name: string, body: unknown, headers: Record<string, string> = {}, address = newAddress()) =>
  post(t.app, name, body, headers, address);

/** The one-time code in the newest mail to `to`, read like a person would. */
export async function codeMailedTo(t: TestContext, to: string): Promise<string> {
  const mail = (await queuedMails(t, to)).at(-1);
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** The token of the newest password link mailed to `to`. */
export async function resetTokenMailedTo(t: TestContext, to: string, site = ACME): Promise<string> {
  const mail = (await queuedMails(t, to)).at(-1);
  const match = mail?.text.match(new RegExp(`${site.replaceAll('.', '\\.')}/recoverpassword\\?token=([\\w-]+)`));
  if (!match) throw new Error(`no password link mailed to ${to}`);
  return match[1]!;
}

/** Logs in through both steps and returns the user data of twoFactorAuth. */
export async function logIn(t: TestContext, emailID: string, password = 'Secret@123', site = ACME) {
  const first = await call(t, 'login', { emailID, password, websiteUrl: site });
  if (first.http !== 200) throw new Error(`login failed: ${first.body.message}`);
  const OTP = await codeMailedTo(t, first.body.data.emailId);
  const second = await call(t, 'twoFactorAuth', { emailID, ID: first.body.data.ID, OTP, websiteUrl: site });
  if (second.http !== 200) throw new Error(`twoFactorAuth failed: ${second.body.message}`);
  return second.body.data[0] as { token: string; refreshToken: string; userDetail: Record<string, unknown> };
}
