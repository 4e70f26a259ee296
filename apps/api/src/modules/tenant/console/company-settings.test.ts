import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { companies } from '../../../db/schema.ts';
import { ACME, openCompaniesWorld, ZEBRA, type CompaniesWorld } from './companies.test-helper.ts';

describe('console companies: settings', () => {
  let t: TestContext;
  let acmeId: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  let configuration: CompaniesWorld['configuration'];
  let put: CompaniesWorld['put'];
  let lastAudit: CompaniesWorld['lastAudit'];

  beforeAll(async () => {
    ({ t, acmeId, owner, acmeAdmin, acmeSupport, zebraAdmin, configuration, put, lastAudit } = await openCompaniesWorld());
  });
  afterAll(() => t.close());

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
  });
});
