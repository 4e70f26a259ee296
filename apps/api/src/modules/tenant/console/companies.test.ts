import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DOCUMENT } from '@mawingu/contracts/admin/companies';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import type { TestContext } from '../../../../test/test-app.ts';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { companies, ticketIssueTypes } from '../../../db/schema.ts';
import { ACME, openCompaniesWorld, ZEBRA, type CompaniesWorld } from './companies.test-helper.ts';

const newCompany = (over: Record<string, unknown> = {}) => ({
  name: 'Beta Hosting',
  slug: 'beta-hosting',
  origins: ['HTTPS://Beta-Console.Example/home'],
  contactNo: '+27 21 555 0100',
  email: 'hello@beta.example',
  officeAddress: '2 Bree Street',
  country: 'South Africa',
  ...over,
});

describe('console companies', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let configuration: CompaniesWorld['configuration'];
  let lastAudit: CompaniesWorld['lastAudit'];

  beforeAll(async () => {
    ({ t, acmeId, zebraId, owner, acmeAdmin, acmeSupport, configuration, lastAudit } = await openCompaniesWorld());
  });
  afterAll(() => t.close());

  describe('GET /companies', () => {
    it('lists every company for the owner, by name, with its website addresses', async () => {
      const res = await adminCall(t, owner, 'GET', '/companies');
      expect(res.http).toBe(200);
      expect(res.body.data).toEqual([
        { id: acmeId, name: 'Acme Cloud', slug: 'acme-console', origins: [ACME], brandColor: '#1c6dd0' },
        { id: zebraId, name: 'Zebra Hosting', slug: 'zebra-console', origins: [ZEBRA], brandColor: '#1c6dd0' },
      ]);
    });

    it('lists only their own company for an admin and for support', async () => {
      for (const who of [acmeAdmin, acmeSupport]) {
        const res = await adminCall(t, who, 'GET', '/companies');
        expect(res.http).toBe(200);
        expect(res.body.data).toEqual([{ id: acmeId, name: 'Acme Cloud', slug: 'acme-console', origins: [ACME], brandColor: '#1c6dd0' }]);
      }
    });

    it('refuses a call without a console session (401) and a customer-style token', async () => {
      expect((await adminCall(t, null, 'GET', '/companies')).http).toBe(401);
      const res = await adminCall(t, { headers: { authorization: 'Bearer not-a-console-token' } }, 'GET', '/companies');
      expect(res.http).toBe(401);
      expect(res.body.data).toBeNull();
    });
  });

  describe('POST /companies', () => {
    it('lets only the owner create a company (admin and support 403, no session 401)', async () => {
      expect(
        (await adminCall(t, acmeAdmin, 'POST', '/companies', newCompany({ slug: 'by-admin', origins: ['https://by-admin.example'] }))).http,
      ).toBe(403);
      expect(
        (await adminCall(t, acmeSupport, 'POST', '/companies', newCompany({ slug: 'by-support', origins: ['https://by-support.example'] })))
          .http,
      ).toBe(403);
      expect((await adminCall(t, null, 'POST', '/companies', newCompany())).http).toBe(401);
      const rows = await t.database.db.select().from(companies);
      expect(rows.map((r) => r.slug).sort()).toEqual(['acme-console', 'zebra-console']);
    });

    it('names each field it refuses (400)', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ slug: 'Beta Hosting' }, 'slug', 'Use 2 to 40 lower-case letters, digits and dashes, e.g. acme-cloud.'],
        [{ slug: '' }, 'slug', 'Enter a slug (a short name for the company).'],
        [{ name: '  ' }, 'name', 'Enter the company name.'],
        [{ origins: [] }, 'origins', 'Add at least one website address.'],
        [{ origins: ['ftp://beta.example'] }, 'origins.0', 'Enter a website address like https://cloud.example.com.'],
        [{ origins: ['https://b.example', 'https://B.example/'] }, 'origins.1', 'This website address is listed twice.'],
        [{ email: 'not-an-email' }, 'email', 'Enter a valid e-mail address.'],
        [{ contactNo: 'call us' }, 'contactNo', 'Enter a phone number: digits, spaces and + - ( ), 6 to 20 characters.'],
        [{ country: '' }, 'country', 'Enter the country.'],
      ];
      for (const [change, field, message] of cases) {
        const res = await adminCall(t, owner, 'POST', '/companies', newCompany(change));
        expect(res.http, field).toBe(400);
        expect(res.body.data.fieldErrors[field], field).toBe(message);
      }
    });

    it('refuses a slug or a website address another company has (409 naming the field)', async () => {
      const slug = await adminCall(t, owner, 'POST', '/companies', newCompany({ slug: 'acme-console' }));
      expect(slug.http).toBe(409);
      expect(slug.body.data.fieldErrors).toEqual({ slug: 'Another company already uses this slug.' });

      const origin = await adminCall(
        t,
        owner,
        'POST',
        '/companies',
        newCompany({ origins: ['https://new-one.example', `${ACME.toUpperCase()}/`] }),
      );
      expect(origin.http).toBe(409);
      expect(origin.body.message).toBe(`${ACME} is already the website address of another company.`);
      expect(origin.body.data.fieldErrors).toEqual({ 'origins.1': `${ACME} is already the website address of another company.` });
      expect(await t.database.db.select().from(companies).where(eq(companies.slug, 'beta-hosting'))).toEqual([]);
    });

    it('creates a company whose site opens at once, with its defaults, audited', async () => {
      // The unknown origin is cached as "not registered" before the company exists.
      expect((await configuration('https://beta-console.example')).http).toBe(404);
      const res = await adminCall(t, owner, 'POST', '/companies', newCompany());
      expect(res.http).toBe(200);
      expect(res.body.message).toBe('Company created.');
      const created = res.body.data;
      expect(created).toMatchObject({
        slug: 'beta-hosting',
        brand: { name: 'Beta Hosting', brandColor: '#1c6dd0', bannerMessage: '', logoUrl: null },
        contact: { contactNo: '+27 21 555 0100', email: 'hello@beta.example', officeAddress: '2 Bree Street', country: 'South Africa' },
        origins: ['https://beta-console.example'],
        documents: { registrationAgreement: { source: 'text' }, terms: { source: 'builtin' }, privacy: { source: 'builtin' } },
        maintenance: { enabled: false },
        vm: { expiryGraceDays: 7, ipMaintenance: false },
        missing: [],
      });
      expect(created.documents.registrationAgreement.text).toContain('Beta Hosting — Customer Registration Agreement');

      const site = await configuration('https://beta-console.example');
      expect(site.http).toBe(200);
      expect(site.body.data).toMatchObject({
        companyName: 'Beta Hosting',
        termCondition: BUILT_IN_DOCUMENT,
        emailID: 'hello@beta.example',
      });
      expect(isCompanyConfigurationComplete(site.body.data)).toBe(true);
      const agreement = await t.app.inject({ method: 'GET', url: site.body.data.registrationAgreement });
      expect(agreement.headers['content-type']).toMatch(/^text\/plain/);
      expect(agreement.body).toContain('By registering an account with Beta Hosting');
      const issueTypes = await t.database.db.select().from(ticketIssueTypes).where(eq(ticketIssueTypes.companyId, created.id));
      expect(issueTypes.length).toBeGreaterThan(0);

      const list = await adminCall(t, owner, 'GET', '/companies');
      expect(list.body.data.map((c: { slug: string }) => c.slug)).toEqual(['acme-console', 'beta-hosting', 'zebra-console']);

      const entry = await lastAudit(created.id, 'companies.create');
      expect(entry).toMatchObject({
        operatorId: owner.operatorId,
        actorEmail: owner.email,
        targetType: 'company',
        targetId: String(created.id),
        before: null,
      });
      expect(entry!.after).toMatchObject({ slug: 'beta-hosting', name: 'Beta Hosting', origins: ['https://beta-console.example'] });
    });
  });
});
