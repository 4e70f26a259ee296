import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { sendMailJob } from '../../platform/mail/send-mail-job.ts';
import { businessUnits, cloudServices, enquiries, outboxMails } from '../../../db/schema.ts';
import { seedDemoCatalogue } from '../../../db/seed/demo-catalogue-seed.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import type { Tenant } from '../../tenant/company/service.ts';
import type { MailService } from '../../platform/mail/service.ts';
import { createProductServicesService } from './service.ts';
import { until } from '../../../../test/until.ts';

const ACME = 'https://portal.acme-cloud.example';
const ZEBRA = 'https://zebra-hosting.example';
const EMPTY = 'https://empty-cloud.example';

describe('products and services (business units)', () => {
  let t: TestContext;
  let acmeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const acme = await upsertCompany(db, { ...completeCompany('acme', 'Acme Cloud'), email: 'sales@acme.example' }, [ACME]);
    acmeId = acme.id;
    await seedDemoCatalogue(db, acme.id);
    const zebra = await upsertCompany(db, completeCompany('zebra', 'Zebra Hosting'), [ZEBRA]);
    const [unit] = await db
      .insert(businessUnits)
      .values({ companyId: zebra.id, businessName: 'Zebra Secret Unit', serviceOption: 'CloudService' })
      .returning();
    await db
      .insert(cloudServices)
      .values({ companyId: zebra.id, businessUnitId: unit!.id, cloudTitle: 'Zebra Cloud', serviceName: 'zebra' });
    await upsertCompany(db, completeCompany('empty', 'Empty Cloud'), [EMPTY]);
  });
  afterAll(() => t.close());

  describe('home/getProductServices', () => {
    it('lists the company’s units in menu order', async () => {
      const res = await post(t.app, 'home/getProductServices', { websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body.data.map((u: { businessName: string }) => u.businessName)).toEqual([
        'Virtual Machines',
        'Kubernetes Containers',
        'SSL Certificates',
        'Microsoft Licences',
        'Domains/DNS',
      ]);
      expect(res.body.data[0]).toEqual({
        ID: expect.any(Number),
        businessName: 'Virtual Machines',
        description: expect.stringContaining('Linux and Windows'),
        imagePath: null,
        serviceOption: 'CloudService',
      });
      expect(JSON.stringify(res.body)).not.toContain('Zebra');
    });

    it('gives a company without units an empty list and the message the home page shows', async () => {
      const res = await post(t.app, 'home/getProductServices', { websiteUrl: EMPTY });
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'No products or services are available yet.', data: [] });
    });
  });

  describe('productServicesData/getProductDetails', () => {
    it('answers a unit by its name without slashes, in any case, with the side menu', async () => {
      const res = await post(t.app, 'productServicesData/getProductDetails', { productName: 'domainsdns', websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body.data.businessData).toMatchObject({
        businessName: 'Domains/DNS',
        serviceOption: 'SendEmailForEnquiry',
        cloudService: [],
      });
      expect(res.body.data.sideMenu).toHaveLength(5);
      expect(res.body.data.sideMenu[0]).toEqual({ businessName: 'Virtual Machines' });
    });

    it('carries the redirect address and the cloud service cards', async () => {
      const licences = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Microsoft Licences', websiteUrl: ACME });
      expect(licences.body.data.businessData).toMatchObject({
        serviceOption: 'RedirectionURL',
        redirectUrl: 'https://www.mawingu.example/microsoft-licences',
      });
      const vms = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Virtual Machines', websiteUrl: ACME });
      expect(vms.body.data.businessData.cloudService.map((c: { serviceName: string }) => c.serviceName)).toEqual(['virtualmachine', 'all']);
    });

    it('answers another company’s unit and an unknown one with 404 "Data Not Found"', async () => {
      for (const productName of ['Zebra Secret Unit', 'Nothing Here']) {
        const res = await post(t.app, 'productServicesData/getProductDetails', { productName, websiteUrl: ACME });
        expect(res.http).toBe(404);
        expect(res.body).toEqual({ status: 404, message: 'Data Not Found', data: null });
      }
    });

    it('needs a product name', async () => {
      const res = await post(t.app, 'productServicesData/getProductDetails', { productName: '  ', websiteUrl: ACME });
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ productName: 'productName required' });
    });
  });

  describe('productServicesData/getCloudProducts', () => {
    it('lists a unit’s cloud service cards, an empty list for a unit without any', async () => {
      const res = await post(t.app, 'productServicesData/getCloudProducts', { serviceName: 'Kubernetes Containers', websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body.data).toEqual([
        {
          ID: expect.any(Number),
          cloudTitle: 'Kubernetes Nodes',
          description: expect.any(String),
          imagePath: null,
          serviceName: 'kubernetes',
        },
      ]);
      const none = await post(t.app, 'productServicesData/getCloudProducts', { serviceName: 'SSL Certificates', websiteUrl: ACME });
      expect(none.body.data).toEqual([]);
    });

    it('answers another company’s unit with 404', async () => {
      const res = await post(t.app, 'productServicesData/getCloudProducts', { serviceName: 'Zebra Secret Unit', websiteUrl: ACME });
      expect(res.http).toBe(404);
    });
  });

  describe('productServicesData/sendQueryMail', () => {
    const enquiry = {
      name: 'Thandi Nkosi',
      emailID: 'thandi@example.co.za',
      productService: 'SSL Certificates',
      queryData: 'We need a wildcard certificate for *.nkosi.co.za.',
    };

    it('keeps the enquiry and e-mails it to the company through the mail job', async () => {
      await t.queue.work([sendMailJob(t.mailTransport, { retryLimit: 1, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
      const res = await post(t.app, 'productServicesData/sendQueryMail', { ...enquiry, websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body).toEqual({ status: 200, message: 'Your request have been submitted!', data: null });

      const rows = await t.database.db.select().from(enquiries).where(eq(enquiries.companyId, acmeId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Thandi Nkosi', email: 'thandi@example.co.za', productService: 'SSL Certificates' });

      const mail = await until(async () => (await t.database.db.select().from(outboxMails))[0]);
      expect(mail).toMatchObject({
        to: 'sales@acme.example',
        companyId: acmeId,
        subject: 'Enquiry about SSL Certificates from Thandi Nkosi',
      });
      expect(mail.text).toContain('thandi@example.co.za');
      expect(mail.text).toContain('wildcard certificate');
    });

    it('names every missing field with the spec’s messages and stores nothing', async () => {
      const before = (await t.database.db.select().from(enquiries)).length;
      const res = await post(t.app, 'productServicesData/sendQueryMail', {
        name: ' ',
        emailID: '',
        productService: '',
        queryData: '',
        websiteUrl: ACME,
      });
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({
        name: 'Name required',
        emailID: ' Email required',
        productService: 'Product Service required',
        queryData: 'Description required',
      });
      expect(res.body.message).toBe('Name required');
      const invalid = await post(t.app, 'productServicesData/sendQueryMail', { ...enquiry, emailID: 'not-an-email', websiteUrl: ACME });
      expect(invalid.body.data.fieldErrors).toEqual({ emailID: 'Please enter a valid Email' });
      expect((await t.database.db.select().from(enquiries)).length).toBe(before);
    });

    it('removes the enquiry again when its mail cannot be queued, so no success is claimed', async () => {
      const failingMail: MailService = { enqueue: () => Promise.reject(new Error('queue down')) };
      const service = createProductServicesService(t.database.db, failingMail, 0);
      const tenant = (await t.modules.tenant.company.findByOrigin(ACME)) as Tenant;
      const before = (await t.database.db.select().from(enquiries)).length;
      await expect(service.sendEnquiry(tenant, { ...enquiry, name: 'Queue Down' })).rejects.toThrow('queue down');
      expect((await t.database.db.select().from(enquiries)).length).toBe(before);
    });

    it('answers an unknown site with 404 and stores nothing', async () => {
      const res = await post(t.app, 'productServicesData/sendQueryMail', { ...enquiry, websiteUrl: 'https://stranger.example' });
      expect(res.http).toBe(404);
      expect(await t.database.db.select().from(enquiries).where(eq(enquiries.email, 'thandi@example.co.za'))).toHaveLength(1);
    });
  });
});
