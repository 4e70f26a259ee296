import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DOCUMENT } from '@mawingu/contracts/admin/companies';
import { isCompanyConfigurationComplete } from '@mawingu/contracts/company-rules';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { auditLog, companies, files, ticketIssueTypes } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-console.example';
const ZEBRA = 'https://zebra-console.example';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0a1b50000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

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
  let zebraAdmin: SignedInOperator;

  const configuration = (origin: string) => post(t.app, 'getCompanyConfiguration', { customerUrl: origin });
  const put = (who: SignedInOperator | null, companyId: number, body: unknown) =>
    adminCall(t, who, 'PUT', `/companies/${companyId}/settings`, body);
  const upload = async (who: SignedInOperator, url: string, field: string, data: Buffer, filename: string, contentType: string) => {
    const form = multipartBody([{ name: field, data, filename, contentType }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      payload: form.payload,
      headers: { ...who.headers, ...form.headers },
    });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };
  const lastAudit = async (companyId: number, action: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-console', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-console', 'Zebra Hosting'), [ZEBRA])).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acmeId);
    acmeSupport = await signInOperator(t, 'support', acmeId);
    zebraAdmin = await signInOperator(t, 'admin', zebraId);
  });
  afterAll(() => t.close());

  describe('GET /companies', () => {
    it('lists every company for the owner, by name, with its website addresses', async () => {
      const res = await adminCall(t, owner, 'GET', '/companies');
      expect(res.http).toBe(200);
      expect(res.body.data).toEqual([
        { id: acmeId, name: 'Acme Cloud', slug: 'acme-console', origins: [ACME] },
        { id: zebraId, name: 'Zebra Hosting', slug: 'zebra-console', origins: [ZEBRA] },
      ]);
    });

    it('lists only their own company for an admin and for support', async () => {
      for (const who of [acmeAdmin, acmeSupport]) {
        const res = await adminCall(t, who, 'GET', '/companies');
        expect(res.http).toBe(200);
        expect(res.body.data).toEqual([{ id: acmeId, name: 'Acme Cloud', slug: 'acme-console', origins: [ACME] }]);
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

  describe('settings', () => {
    it('shows the settings to the owner and the company admin; support 403, another company 404, no session 401', async () => {
      const byOwner = await adminCall(t, owner, 'GET', `/companies/${acmeId}/settings`);
      expect(byOwner.http).toBe(200);
      expect(byOwner.body.data).toMatchObject({ id: acmeId, slug: 'acme-console', brand: { name: 'Acme Cloud' }, origins: [ACME] });
      expect((await adminCall(t, acmeAdmin, 'GET', `/companies/${acmeId}/settings`)).body.data.id).toBe(acmeId);

      const support = await adminCall(t, acmeSupport, 'GET', `/companies/${acmeId}/settings`);
      expect(support.http).toBe(403);
      const other = await adminCall(t, zebraAdmin, 'GET', `/companies/${acmeId}/settings`);
      expect(other.http).toBe(404);
      expect(other.body).toEqual({ status: 404, message: 'Company not found.', data: null });
      expect((await adminCall(t, owner, 'GET', '/companies/99999/settings')).http).toBe(404);
      expect((await adminCall(t, null, 'GET', `/companies/${acmeId}/settings`)).http).toBe(401);
    });

    it('refuses changes from support (403), another company (404, even with a bad body) and without a session (401)', async () => {
      expect((await put(acmeSupport, acmeId, { brand: { name: 'Hacked' } })).http).toBe(403);
      expect((await put(zebraAdmin, acmeId, { brand: { name: 'Hacked' } })).http).toBe(404);
      expect((await put(zebraAdmin, acmeId, { brand: { brandColor: 'nope' } })).http).toBe(404);
      expect((await put(null, acmeId, { brand: { name: 'Hacked' } })).http).toBe(401);
      expect((await configuration(ACME)).body.data.companyName).toBe('Acme Cloud');
    });

    it('shows a new brand on the customer site right after the change, and audits it', async () => {
      // Primes the configuration cache: the change must not wait for its TTL.
      expect((await configuration(ACME)).body.data).toMatchObject({ companyName: 'Acme Cloud', bannerMessage: '' });
      const res = await put(acmeAdmin, acmeId, { brand: { name: 'Acme Skies', brandColor: '#E8590C', bannerMessage: 'Now in Nairobi' } });
      expect(res.http).toBe(200);
      expect(res.body.message).toBe('Saved. The website shows the change now.');
      expect(res.body.data.brand).toMatchObject({ name: 'Acme Skies', brandColor: '#e8590c', bannerMessage: 'Now in Nairobi' });

      const site = await configuration(ACME);
      expect(site.body.data).toMatchObject({ companyName: 'Acme Skies', brandColor: '#e8590c', bannerMessage: 'Now in Nairobi' });
      expect(site.body.data.brandPalette.colors[site.body.data.brandPalette.shade]).toBeDefined();
      // Zebra is untouched.
      expect((await configuration(ZEBRA)).body.data.companyName).toBe('Zebra Hosting');

      const entry = await lastAudit(acmeId, 'companies.update');
      expect(entry).toMatchObject({
        operatorId: acmeAdmin.operatorId,
        actorEmail: acmeAdmin.email,
        targetType: 'company',
        targetId: String(acmeId),
      });
      expect(Object.keys(entry!.before as object)).toEqual(['brand']);
      expect(entry!.before).toMatchObject({ brand: { name: 'Acme Cloud', brandColor: '#1c6dd0', bannerMessage: '' } });
      expect(entry!.after).toMatchObject({ brand: { name: 'Acme Skies', brandColor: '#e8590c', bannerMessage: 'Now in Nairobi' } });
    });

    it('names each field it refuses (400) and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ brand: { brandColor: 'blue' } }, 'brand.brandColor'],
        [{ brand: { name: '' } }, 'brand.name'],
        [{ brand: { bannerMessage: 'x'.repeat(201) } }, 'brand.bannerMessage'],
        [{ brand: { videoUrl: 'http://videos.example/a.mp4' } }, 'brand.videoUrl'],
        [{ contact: { email: 'nope' } }, 'contact.email'],
        [{ contact: { contactNo: '' } }, 'contact.contactNo'],
        [{ contact: { postalCode: '12345678901' } }, 'contact.postalCode'],
        [{ social: { facebook: 'javascript:alert(1)' } }, 'social.facebook'],
        [{ menus: { wwwUrl: 'www.acme.example' } }, 'menus.wwwUrl'],
        [{ menus: { benefits: [{ menuName: 'Perks', redirectUrl: 'perks' }] } }, 'menus.benefits.0.redirectUrl'],
        [{ menus: { benefits: [{ menuName: '', redirectUrl: 'https://acme.example/perks' }] } }, 'menus.benefits.0.menuName'],
        [{ addresses: Array.from({ length: 21 }, () => ({ address: '1 Road', city: 'Durban', country: 'South Africa' })) }, 'addresses'],
        [{ addresses: [{ address: '1 Road', city: '', country: 'South Africa' }] }, 'addresses.0.city'],
        [{ maintenance: { enabled: true, message: '' } }, 'maintenance.message'],
        [{ maintenance: { redirectUrl: 'mailto:ops@acme.example' } }, 'maintenance.redirectUrl'],
        [{ maintenance: { redirectUrl: `${ACME}/status` } }, 'maintenance.redirectUrl'],
        [{ origins: [] }, 'origins'],
        [{ origins: ['acme.example'] }, 'origins.0'],
        [{ vm: { expiryGraceDays: -1 } }, 'vm.expiryGraceDays'],
        [{ vm: { expiryGraceDays: 2.5 } }, 'vm.expiryGraceDays'],
        [{ documents: { terms: 'mine' } }, 'documents.terms'],
        [{ documents: { registrationAgreementText: '   ' } }, 'documents.registrationAgreementText'],
      ];
      for (const [body, field] of cases) {
        const res = await put(owner, acmeId, body);
        expect(res.http, field).toBe(400);
        expect(Object.keys(res.body.data.fieldErrors), field).toContain(field);
      }
      const site = await configuration(ACME);
      expect(site.http).toBe(200);
      expect(site.body.data.companyName).toBe('Acme Skies');
    });

    it('saves contact details, addresses, social links, www and the benefits menu; the site reads them at once', async () => {
      // Prime the caches of all three calls.
      await configuration(ACME);
      await post(t.app, 'getDropdownList', { customerUrl: ACME });
      await post(t.app, 'home/getCompanyAddress', { websiteUrl: ACME });
      const res = await put(owner, acmeId, {
        contact: { contactNo: '+27 11 222 3333', email: 'Help@Acme.example', city: 'Sandton', postalCode: '2196', vatNumber: '4999999999' },
        addresses: [
          { address: '10 Rivonia Road', city: 'Sandton', country: 'South Africa' },
          { address: '5 Kenyatta Avenue', city: 'Nairobi', country: 'Kenya' },
        ],
        social: { facebook: 'https://facebook.com/acmeskies', youtube: 'https://youtube.com/@acme' },
        menus: { wwwUrl: 'https://www.acme.example', benefits: [{ menuName: 'Perks', redirectUrl: 'https://acme.example/perks' }] },
        vm: { expiryGraceDays: 14, ipMaintenance: true },
      });
      expect(res.http).toBe(200);
      const site = (await configuration(ACME)).body.data;
      expect(site).toMatchObject({
        contactNo: '+27 11 222 3333',
        emailID: 'Help@Acme.example',
        city: 'Sandton',
        officeAddress: '1 Example Street',
        facebook: 'https://facebook.com/acmeskies',
        youtube: 'https://youtube.com/@acme',
        instagram: '',
        wwwUrl: 'https://www.acme.example',
      });
      expect((await post(t.app, 'getDropdownList', { customerUrl: ACME })).body.data).toEqual([
        { menuName: 'Perks', redirectURL: 'https://acme.example/perks' },
      ]);
      expect((await post(t.app, 'home/getCompanyAddress', { websiteUrl: ACME })).body.data).toEqual([
        { address: '10 Rivonia Road', city: 'Sandton', country: 'South Africa' },
        { address: '5 Kenyatta Avenue', city: 'Nairobi', country: 'Kenya' },
      ]);
      const [row] = await t.database.db.select().from(companies).where(eq(companies.id, acmeId));
      expect(row).toMatchObject({ postalCode: '2196', vatNumber: '4999999999', expiryGraceDays: 14, runMerakiScript: true });
      const entry = await lastAudit(acmeId, 'companies.update');
      expect(Object.keys(entry!.before as object).sort()).toEqual(['addresses', 'contact', 'menus', 'social', 'vm']);
      expect(entry!.before).toMatchObject({ vm: { expiryGraceDays: 7, ipMaintenance: false }, addresses: [] });
      expect(entry!.after).toMatchObject({
        vm: { expiryGraceDays: 14, ipMaintenance: true },
        menus: { wwwUrl: 'https://www.acme.example' },
      });
    });

    it('turns maintenance on and off: the site answers 300 with the message, then 200', async () => {
      await configuration(ACME);
      const on = await put(acmeAdmin, acmeId, {
        maintenance: { enabled: true, message: 'Back at 14:00', redirectUrl: 'https://status.acme.example' },
      });
      expect(on.http).toBe(200);
      const during = await configuration(ACME);
      expect(during.http).toBe(300);
      expect(during.body.message).toBe('Back at 14:00');
      expect(during.body.data.maintenanceModeRedirect).toBe('https://status.acme.example');
      // Clearing the message while maintenance stays on is refused.
      const empty = await put(acmeAdmin, acmeId, { maintenance: { message: '' } });
      expect(empty.http).toBe(400);
      expect(empty.body.data.fieldErrors).toEqual({ 'maintenance.message': 'Enter the message visitors see during maintenance.' });
      expect((await put(acmeAdmin, acmeId, { maintenance: { enabled: false } })).http).toBe(200);
      expect((await configuration(ACME)).http).toBe(200);
    });

    it('adds and removes website addresses; another company’s address is refused (409 naming it)', async () => {
      const taken = await put(owner, acmeId, { origins: [ACME, `${ZEBRA}/`] });
      expect(taken.http).toBe(409);
      expect(taken.body.data.fieldErrors).toEqual({ 'origins.1': `${ZEBRA} is already the website address of another company.` });

      const repeated = await put(owner, acmeId, { origins: [ACME, ACME.toUpperCase()] });
      expect(repeated.http).toBe(400);
      expect(repeated.body.data.fieldErrors['origins.1']).toBe('This website address is listed twice.');

      await configuration('https://www.acme-console.example');
      const added = await put(acmeAdmin, acmeId, { origins: [ACME, 'https://WWW.acme-console.example/'] });
      expect(added.http).toBe(200);
      expect(added.body.data.origins).toEqual([ACME, 'https://www.acme-console.example']);
      expect((await configuration('https://www.acme-console.example')).body.data.companyName).toBe('Acme Skies');

      const removed = await put(acmeAdmin, acmeId, { origins: ['https://www.acme-console.example'] });
      expect(removed.body.data.origins).toEqual(['https://www.acme-console.example']);
      expect((await configuration(ACME)).http).toBe(404);
      expect((await put(acmeAdmin, acmeId, { origins: [ACME] })).http).toBe(200);
      expect((await configuration(ACME)).http).toBe(200);
      const entry = await lastAudit(acmeId, 'companies.update');
      expect(entry!.before).toEqual({ origins: ['https://www.acme-console.example'] });
      expect(entry!.after).toEqual({ origins: [ACME] });
    });

    it('stores the logo by its content; other files are refused naming the field', async () => {
      await configuration(ACME);
      const res = await upload(acmeAdmin, `/companies/${acmeId}/settings/logo`, 'logo', PNG, 'brand mark.png', 'image/png');
      expect(res.http).toBe(200);
      const logoUrl: string = res.body.data.brand.logoUrl;
      expect(logoUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      expect((await configuration(ACME)).body.data.imagePath).toBe(logoUrl);
      const served = await t.app.inject({ method: 'GET', url: logoUrl });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const svg = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/logo`,
        'logo',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
        'image/png',
      );
      expect(svg.http).toBe(400);
      expect(svg.body.data.fieldErrors).toEqual({ logo: 'The logo must be a PNG, JPEG, WebP or GIF image.' });
      const big = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/logo`,
        'logo',
        Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
        'big.png',
        'image/png',
      );
      expect(big.http).toBe(413);
      expect(big.body.data.fieldErrors).toEqual({ logo: 'The logo must be at most 2 MB.' });
      expect((await configuration(ACME)).body.data.imagePath).toBe(logoUrl);

      const entry = await lastAudit(acmeId, 'companies.upload');
      expect(entry!.after).toMatchObject({ logo: logoUrl, contentType: 'image/png', sizeBytes: PNG.length, fileName: 'brand mark.png' });
      expect(JSON.stringify(entry)).not.toContain(PNG.toString('base64'));

      expect((await put(acmeAdmin, acmeId, { brand: { removeLogo: true } })).body.data.brand.logoUrl).toBeNull();
      expect((await configuration(ACME)).body.data.imagePath).toBeNull();
    });

    it('takes a video upload (MP4/WebM by content) or an https address', async () => {
      const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
      const res = await upload(acmeAdmin, `/companies/${acmeId}/settings/video`, 'video', mp4, 'intro.mp4', 'video/mp4');
      expect(res.http).toBe(200);
      expect(res.body.data.brand).toMatchObject({ videoUploaded: true });
      expect((await configuration(ACME)).body.data.companyVideoPath).toBe(res.body.data.brand.videoUrl);
      const notVideo = await upload(acmeAdmin, `/companies/${acmeId}/settings/video`, 'video', PNG, 'intro.mp4', 'video/mp4');
      expect(notVideo.body.data.fieldErrors).toEqual({ video: 'The video must be an MP4 or WebM file.' });

      const url = await put(acmeAdmin, acmeId, { brand: { videoUrl: 'https://cdn.acme.example/intro.webm' } });
      expect(url.body.data.brand).toMatchObject({ videoUrl: 'https://cdn.acme.example/intro.webm', videoUploaded: false });
      expect((await put(acmeAdmin, acmeId, { brand: { videoUrl: '' } })).body.data.brand.videoUrl).toBeNull();
    });

    it('takes the terms and privacy as PDFs checked by content, the agreement as text, and goes back to the built-in text', async () => {
      await configuration(ACME);
      const terms = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/terms`,
        'file',
        PDF,
        'Our terms.pdf',
        'application/pdf',
      );
      expect(terms.http).toBe(200);
      expect(terms.body.data.documents.terms).toMatchObject({ source: 'file', fileName: 'Our terms.pdf' });
      const termsUrl = terms.body.data.documents.terms.url;
      expect((await configuration(ACME)).body.data.termCondition).toBe(termsUrl);
      expect((await t.app.inject({ method: 'GET', url: termsUrl })).headers['content-type']).toBe('application/pdf');

      const fake = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/privacy`,
        'file',
        Buffer.from('hello, I am not a PDF'),
        'privacy.pdf',
        'application/pdf',
      );
      expect(fake.http).toBe(400);
      expect(fake.body.data.fieldErrors).toEqual({ file: 'The file must be a PDF document.' });
      const unknown = await upload(acmeAdmin, `/companies/${acmeId}/settings/documents/cookies`, 'file', PDF, 'c.pdf', 'application/pdf');
      expect(unknown.http).toBe(400);
      expect(unknown.body.data.fieldErrors).toEqual({ document: 'Unknown document.' });

      const privacy = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/privacy`,
        'file',
        PDF,
        'privacy.pdf',
        'application/pdf',
      );
      expect((await configuration(ACME)).body.data.privacyPolicy).toBe(privacy.body.data.documents.privacy.url);

      const text = await put(acmeAdmin, acmeId, {
        documents: { registrationAgreementText: 'Acme Skies agreement\n1. Be nice.', terms: BUILT_IN_DOCUMENT, privacy: BUILT_IN_DOCUMENT },
      });
      expect(text.http).toBe(200);
      expect(text.body.data.documents).toMatchObject({
        registrationAgreement: { source: 'text', text: 'Acme Skies agreement\n1. Be nice.' },
        terms: { source: 'builtin', url: null },
        privacy: { source: 'builtin', url: null },
      });
      const site = (await configuration(ACME)).body.data;
      expect(site).toMatchObject({ termCondition: BUILT_IN_DOCUMENT, privacyPolicy: null });
      expect(isCompanyConfigurationComplete(site)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: site.registrationAgreement })).body).toBe('Acme Skies agreement\n1. Be nice.');

      const entry = await lastAudit(acmeId, 'companies.update');
      expect(entry!.before).toMatchObject({ documents: { terms: { source: 'file', url: termsUrl } } });
      expect(entry!.after).toMatchObject({
        documents: { terms: { source: 'builtin' }, registrationAgreement: { source: 'text', url: site.registrationAgreement } },
      });
      // The audit keeps addresses, not the documents' contents.
      expect(JSON.stringify(entry)).not.toContain('Be nice');

      // The agreement can be a PDF too; the replaced text file is kept (the audit's "before" still opens).
      const pdfAgreement = await upload(
        acmeAdmin,
        `/companies/${acmeId}/settings/documents/registrationAgreement`,
        'file',
        PDF,
        'agreement.pdf',
        'application/pdf',
      );
      expect(pdfAgreement.body.data.documents.registrationAgreement).toMatchObject({
        source: 'file',
        fileName: 'agreement.pdf',
        text: null,
      });
      const [kept] = await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, site.registrationAgreement.split('/').at(-1)));
      expect(kept).toBeDefined();
    });
  });
});
