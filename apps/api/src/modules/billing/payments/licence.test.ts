import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { multipartBody, type FormPart } from '../../../../test/multipart.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { files, orderLicences, orders } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct } from '../../../db/seed/purchase-factories.ts';
import { LICENCE_MAX_BYTES } from './read-licence-form.ts';

const SITE = 'https://licence-pay.example';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('uploadCustomerLicense', () => {
  let t: TestContext;
  let owner: SignedIn;
  let other: SignedIn;
  let windowsOrder: number;
  let linuxOrder: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const company = await upsertCompany(db, completeCompany('licence-pay', 'Licence Cloud'), [SITE]);
    const product = await createProduct(db, company.id, {
      name: 'Windows Server',
      osType: 'windows',
      microsoftLicense: true,
      specs: [
        {
          name: 'Disk',
          unit: 'GB',
          count: 20,
          min: 20,
          max: 20,
          cost: '1.0000',
        },
      ],
    });
    owner = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'owner@example.co.za' })).id);
    other = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'other@example.co.za' })).id);
    const base = {
      companyId: company.id,
      customerId: owner.customerId,
      kind: 1,
      productId: product.id,
      productName: 'Windows Server',
      regionName: 'ZA',
      days: 30,
      currency: 'ZAR',
      taxPercent: '15',
      price: '20',
      tax: '3',
      discount: '0',
      total: '23',
    };
    windowsOrder = (
      await db
        .insert(orders)
        .values({ ...base, reference: 'a'.repeat(32), needsLicence: true })
        .returning()
    )[0]!.id;
    linuxOrder = (
      await db
        .insert(orders)
        .values({ ...base, reference: 'b'.repeat(32), needsLicence: false })
        .returning()
    )[0]!.id;
  });
  afterAll(() => t.close());

  const upload = (who: SignedIn, parts: FormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/virtualMachine/uploadCustomerLicense',
      payload,
      headers: { ...headers, ...authHeaders(SITE, who) },
    });
  };
  const licenceOf = async (orderId: number) => t.database.db.select().from(orderLicences).where(eq(orderLicences.orderId, orderId));

  it('stores the PDF as a private file linked to the order; a second upload replaces the first', async () => {
    const res = await upload(owner, [
      {
        name: 'image',
        data: PDF,
        filename: 'licence.pdf',
        contentType: 'application/pdf',
      },
      { name: 'orderID', data: String(windowsOrder) },
      { name: 'vmName', data: 'Windows Server' },
    ]);
    expect(res.json()).toMatchObject({
      status: 200,
      message: messages.licenceUploaded,
    });
    const [first] = await licenceOf(windowsOrder);
    const [file] = await t.database.db.select().from(files).where(eq(files.id, first!.fileId));
    expect(file).toMatchObject({
      isPublic: false,
      contentType: 'application/pdf',
      kind: 'order-licence',
    });

    expect(
      (
        await upload(owner, [
          { name: 'orderID', data: String(windowsOrder) },
          { name: 'image', data: PDF, filename: 'new.pdf' },
        ])
      ).statusCode,
    ).toBe(200);
    const rows = await licenceOf(windowsOrder);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fileId).not.toBe(first!.fileId);
    expect(await t.database.db.select().from(files).where(eq(files.id, first!.fileId))).toHaveLength(0);
  });

  it('refuses what is not a PDF by its content, or is over 3 MB, naming the field and storing nothing', async () => {
    const before = (await t.database.db.select().from(files)).length;
    const fake = await upload(owner, [
      { name: 'orderID', data: String(windowsOrder) },
      {
        name: 'image',
        data: 'MZ not a pdf',
        filename: 'licence.pdf',
        contentType: 'application/pdf',
      },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      message: messages.licenceNotPdf,
      data: { fieldErrors: { image: messages.licenceNotPdf } },
    });
    const big = await upload(owner, [
      { name: 'orderID', data: String(windowsOrder) },
      {
        name: 'image',
        data: Buffer.concat([PDF, Buffer.alloc(LICENCE_MAX_BYTES)]),
        filename: 'big.pdf',
      },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().data.fieldErrors).toEqual({
      image: messages.licenceTooLarge,
    });
    const none = await upload(owner, [{ name: 'orderID', data: String(windowsOrder) }]);
    expect(none.json().data.fieldErrors).toEqual({
      image: messages.licenceRequired,
    });
    const noOrder = await upload(owner, [{ name: 'image', data: PDF, filename: 'l.pdf' }]);
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().data.fieldErrors).toHaveProperty('orderID');
    expect((await t.database.db.select().from(files)).length).toBe(before);
  });

  it('only for the customer’s own order that needs a licence', async () => {
    const stranger = await upload(other, [
      { name: 'orderID', data: String(windowsOrder) },
      { name: 'image', data: PDF, filename: 'l.pdf' },
    ]);
    expect(stranger.statusCode).toBe(404);
    const linux = await upload(owner, [
      { name: 'orderID', data: String(linuxOrder) },
      { name: 'image', data: PDF, filename: 'l.pdf' },
    ]);
    expect(linux.statusCode).toBe(400);
    expect(linux.json().data.fieldErrors).toHaveProperty('orderID');
    expect(await licenceOf(linuxOrder)).toHaveLength(0);
  });
});
