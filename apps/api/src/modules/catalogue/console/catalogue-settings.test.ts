import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m } from '@mawingu/contracts/admin/catalogue';
import { multipartBody } from '../../../../test/multipart.ts';
import type { SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { openCatalogueSettingsWorld, SITE, type Method, type CatalogueSettingsWorld } from './catalogue-settings.test-helper.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('console catalogue: business units, partner clouds, domains, images, who may call', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let za: number;
  let admin: SignedInOperator;
  let otherAdmin: SignedInOperator;
  let support: SignedInOperator;
  let productId: number;
  let call: CatalogueSettingsWorld['call'];
  let lastAudit: CatalogueSettingsWorld['lastAudit'];
  let productBody: CatalogueSettingsWorld['productBody'];

  beforeAll(async () => {
    ({ t, acme, zebra, za, admin, otherAdmin, support, productId, call, lastAudit, productBody } = await openCatalogueSettingsWorld());
  });
  afterAll(() => t.close());

  describe('business units', () => {
    it('adds a Cloud Service unit with its cards, which the site shows at once, and changes it to a redirection', async () => {
      expect((await post(t.app, 'home/getProductServices', { websiteUrl: SITE })).body.data).toEqual([]);
      const created = await call(admin, 'POST', '/business-units', {
        businessName: 'Managed Kubernetes',
        description: 'Clusters run for you.',
        serviceOption: 'CloudService',
        cloudServices: [
          { cloudTitle: 'Small cluster', serviceName: 'kubernetes', description: 'Three nodes' },
          { cloudTitle: 'Large cluster', serviceName: 'kubernetes', imagePath: '/api/files/x' },
        ],
      });
      expect(created.http).toBe(200);
      expect(created.body.data.cloudServices.map((c: { cloudTitle: string }) => c.cloudTitle)).toEqual(['Small cluster', 'Large cluster']);
      expect(await lastAudit('catalogue.business_unit.create')).toMatchObject({ targetId: String(created.body.data.id) });
      const page = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Managed Kubernetes', websiteUrl: SITE });
      expect(page.body.data.businessData).toMatchObject({
        serviceOption: 'CloudService',
        cloudService: [{ cloudTitle: 'Small cluster' }, { cloudTitle: 'Large cluster' }],
      });

      const changed = await call(admin, 'PUT', `/business-units/${created.body.data.id}`, {
        businessName: 'Managed Kubernetes',
        serviceOption: 'RedirectionURL',
        redirectUrl: 'https://k8s.acme.example',
        cloudServices: [{ cloudTitle: 'Ignored', serviceName: 'x' }],
      });
      expect(changed.http).toBe(200);
      expect(changed.body.data).toMatchObject({ redirectUrl: 'https://k8s.acme.example', cloudServices: [] });
      const after = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Managed Kubernetes', websiteUrl: SITE });
      expect(after.body.data.businessData).toMatchObject({
        serviceOption: 'RedirectionURL',
        redirectUrl: 'https://k8s.acme.example',
        cloudService: [],
      });

      expect((await call(admin, 'DELETE', `/business-units/${created.body.data.id}`)).http).toBe(200);
      expect((await post(t.app, 'home/getProductServices', { websiteUrl: SITE })).body.data).toEqual([]);
    });

    it('refuses a redirection without its address, a bad option and a name the site could not tell apart', async () => {
      const unit = (overrides: Record<string, unknown>) =>
        call(admin, 'POST', '/business-units', { businessName: 'SSL', serviceOption: 'SendEmailForEnquiry', ...overrides });
      expect((await unit({ serviceOption: 'RedirectionURL' })).body.data.fieldErrors.redirectUrl).toBe(m.redirectRequired);
      expect((await unit({ serviceOption: 'RedirectionURL', redirectUrl: 'javascript:alert(1)' })).body.data.fieldErrors.redirectUrl).toBe(
        m.urlFormat,
      );
      expect((await unit({ serviceOption: 'Phone' })).body.data.fieldErrors.serviceOption).toBeTruthy();
      expect(
        (await unit({ cloudServices: [{ cloudTitle: '', serviceName: 'x' }] })).body.data.fieldErrors['cloudServices.0.cloudTitle'],
      ).toBe(m.required);
      expect((await unit({ businessName: 'Domains/DNS' })).http).toBe(200);
      const clash = await unit({ businessName: 'domainsdns' });
      expect(clash.http).toBe(400);
      expect(clash.body.data.fieldErrors.businessName).toBe(m.businessNameTaken);
    });
  });

  describe('partner clouds', () => {
    it('adds, changes and removes partner clouds the marketplace lists at once', async () => {
      const clouds = async () =>
        (await post(t.app, 'marketplace/getExternalCloud', { websiteUrl: SITE })).body.data as { cloudTitle: string; websiteUrl: string }[];
      expect(await clouds()).toEqual([]);
      const added = await call(admin, 'POST', '/partner-clouds', {
        cloudTitle: 'Azure',
        websiteUrl: 'https://azure.example',
        description: 'Partner',
      });
      expect(added.http).toBe(200);
      expect((await clouds()).map((c) => c.cloudTitle)).toEqual(['Azure']);
      expect(await lastAudit('catalogue.partner_cloud.create')).toMatchObject({ after: { cloudTitle: 'Azure' } });
      expect(
        (
          await call(admin, 'PUT', `/partner-clouds/${added.body.data.id}`, {
            cloudTitle: 'Azure',
            websiteUrl: 'https://azure.microsoft.example',
          })
        ).http,
      ).toBe(200);
      expect((await clouds())[0]!.websiteUrl).toBe('https://azure.microsoft.example');
      expect(
        (await call(admin, 'POST', '/partner-clouds', { cloudTitle: 'X', websiteUrl: 'ftp://x.example' })).body.data.fieldErrors.websiteUrl,
      ).toBe(m.urlFormat);
      expect(
        (
          await call(
            otherAdmin,
            'PUT',
            `/partner-clouds/${added.body.data.id}`,
            { cloudTitle: 'Mine', websiteUrl: 'https://x.example' },
            zebra,
          )
        ).http,
      ).toBe(404);
      expect((await call(admin, 'DELETE', `/partner-clouds/${added.body.data.id}`)).http).toBe(200);
      expect(await clouds()).toEqual([]);
    });
  });

  describe('domains', () => {
    it('keeps the names Explore Domain answers as taken', async () => {
      const check = (domainName: string) => post(t.app, 'marketplace/checkDomain', { domainName, websiteUrl: SITE });
      expect((await check('acme-shop')).http).toBe(200);
      const added = await call(admin, 'POST', '/domains', { domain: 'Acme-Shop' });
      expect(added.http).toBe(200);
      expect(added.body.data.domain).toBe('acme-shop.com');
      expect((await check('acme-shop')).http).toBe(409);
      expect((await call(admin, 'GET', '/domains')).body.data).toEqual({
        check: 'local',
        suffix: '.com',
        domains: [{ id: added.body.data.id, domain: 'acme-shop.com' }],
      });
      expect((await call(admin, 'POST', '/domains', { domain: 'acme-shop.com' })).body.data.fieldErrors.domain).toBe(m.domainTaken);
      expect((await call(admin, 'POST', '/domains', { domain: '-bad-' })).body.data.fieldErrors.domain).toBe(m.domainInvalid);
      expect(await lastAudit('catalogue.domain.create')).toMatchObject({ after: { domain: 'acme-shop.com' } });
      expect((await call(admin, 'DELETE', `/domains/${added.body.data.id}`)).http).toBe(200);
      expect((await check('acme-shop')).http).toBe(200);
    });
  });

  describe('images', () => {
    it('stores an image for the site to show, refusing what is not one', async () => {
      const upload = (data: Buffer, filename: string) => {
        const { payload, headers } = multipartBody([{ name: 'image', data, filename, contentType: 'image/png' }]);
        return t.app.inject({
          method: 'POST',
          url: `/api/admin/companies/${acme}/catalogue/images`,
          payload,
          headers: { ...headers, ...admin.headers },
        });
      };
      const ok = await upload(PNG, 'logo.png');
      expect(ok.statusCode).toBe(200);
      const path = ok.json().data.path as string;
      expect(path).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(await lastAudit('catalogue.image.upload')).toMatchObject({ companyId: acme, targetType: 'file' });

      const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json().data.fieldErrors.image).toBe(m.imageRequired);
      const bySupport = await t.app.inject({
        method: 'POST',
        url: `/api/admin/companies/${acme}/catalogue/images`,
        ...multipartBody([{ name: 'image', data: PNG, filename: 'a.png' }]),
        headers: { ...support.headers },
      });
      expect(bySupport.statusCode).toBe(403);
    });
  });

  it('refuses every catalogue call without a session (401), to support (403) and to another company’s admin (404)', async () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/products'],
      ['GET', `/products/${productId}`],
      ['POST', '/products', productBody({ name: 'Nope' })],
      ['PUT', `/products/${productId}`, productBody({ name: 'Nope' })],
      ['PATCH', `/products/${productId}/status`, { active: false }],
      ['DELETE', `/products/${productId}`],
      ['GET', '/regions'],
      ['POST', '/regions', { name: 'X', iso2: 'XX', currency: 'ZAR', taxPercent: '1' }],
      ['PUT', `/regions/${za}`, { name: 'X', iso2: 'XX', currency: 'ZAR', taxPercent: '1' }],
      ['DELETE', `/regions/${za}`],
      ['GET', '/time-periods'],
      ['POST', '/time-periods', { days: 5, label: 'x' }],
      ['PUT', '/time-periods/1', { days: 5, label: 'x' }],
      ['DELETE', '/time-periods/1'],
      ['GET', '/clone-durations'],
      ['PUT', '/clone-durations', { counts: [1] }],
      ['GET', '/discounts'],
      ['PUT', '/discounts', { productId: null, ramPercent: '1', diskPercent: '1', cpuPercent: '1' }],
      ['DELETE', '/discounts/1'],
      ['GET', '/currency'],
      ['PUT', '/currency', { zarToUsdRate: '0.1' }],
      ['GET', '/business-units'],
      ['POST', '/business-units', { businessName: 'x', serviceOption: 'SendEmailForEnquiry' }],
      ['PUT', '/business-units/1', { businessName: 'x', serviceOption: 'SendEmailForEnquiry' }],
      ['DELETE', '/business-units/1'],
      ['GET', '/partner-clouds'],
      ['POST', '/partner-clouds', { cloudTitle: 'x', websiteUrl: 'https://x.example' }],
      ['PUT', '/partner-clouds/1', { cloudTitle: 'x', websiteUrl: 'https://x.example' }],
      ['DELETE', '/partner-clouds/1'],
      ['GET', '/domains'],
      ['POST', '/domains', { domain: 'x' }],
      ['DELETE', '/domains/1'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).http, `${method} ${path} anonymous`).toBe(401);
      expect((await call(support, method, path, body)).http, `${method} ${path} support`).toBe(403);
      expect((await call(otherAdmin, method, path, body)).http, `${method} ${path} other admin`).toBe(404);
    }
    // Nothing was changed by any of them.
    expect((await call(admin, 'GET', `/products/${productId}`)).body.data).toMatchObject({ name: 'Settings VM', active: true });
    expect((await call(admin, 'GET', '/regions')).body.data.find((r: { id: number }) => r.id === za)).toMatchObject({
      name: 'South Africa',
      taxPercent: '15.00',
    });
  });
});
