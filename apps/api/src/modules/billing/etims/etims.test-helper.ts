import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { startFakeEtims } from '../../../../../../tools/fakes/etims.ts';
import { createTestApp, post } from '../../../../test/test-app.ts';
import { adminCall, signInOperator } from '../../../../test/operator-sign-in.ts';
import { SHILLING_SPECS, specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { until } from '../../../../test/until.ts';
import { etimsDocuments, invoices } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';

export const SITE = 'https://savanna-etims.example';
export const SELLER_PIN = 'P051234567X';
export const DEVICE = 'OSCU-SAVANNA-1';

export { pdfHasQrOf, pdfToText } from '../../../../test/pdf-text.ts';

/**
 * A Kenyan shop that sells through its Kenyan entity with an eTIMS device at the fake, bypass
 * payments (a real sale, not a test transaction), the submission jobs worked with short retries.
 * The entity has no device yet: a test saves and initialises it.
 */
export async function openEtimsWorld(options: { working?: boolean } = {}) {
  const fake = await startFakeEtims();
  fake.control.registerDevice(SELLER_PIN, '00', DEVICE);
  const t = await createTestApp();
  /** Starts working the eTIMS jobs (at once unless `working: false`, for a test that looks at the queue first). */
  const work = () => t.queue.work(t.modules.billing.etims.jobs({ retryLimit: 1, retryDelay: 1 }), { pollingIntervalSeconds: 0.3 });
  if (options.working !== false) await work();
  const db = t.database.db;
  const company = await upsertCompany(db, completeCompany('savanna-etims', 'Savanna Cloud'), [SITE]);
  const other = await upsertCompany(db, completeCompany('other-etims', 'Other Cloud'), ['https://other-etims.example']);
  const ke = await createRegion(db, company.id, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' });
  const product = await createProduct(db, company.id, {
    name: 'Nairobi VM',
    osType: 'ubuntu',
    currency: 'KES',
    regionIds: [ke.id],
    specs: SHILLING_SPECS,
  });
  await setPurchaseTerms(db, company.id, {
    timePeriods: [{ days: 30 }],
    gateways: [{ regionId: ke.id, gateways: ['pesapal'] }],
    bypass: true,
  });
  const admin = await signInOperator(t, 'admin', company.id);
  const outsider = await signInOperator(t, 'admin', other.id);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, who = admin) =>
    adminCall(t, who, method, `/companies/${company.id}${url}`, body);

  const created = await call('POST', '/legal-entities', {
    name: 'Savanna Cloud Kenya Limited',
    address: '14 Riverside Drive, Westlands, Nairobi, Kenya',
    taxCountry: 'KE',
    taxNumber: SELLER_PIN,
    seriesPrefix: 'KE-',
    timeZone: 'Africa/Nairobi',
    currency: 'KES',
    vatOnDiscountedPrice: true,
  });
  expect(created.http, created.body.message).toBe(200);
  const entityId = created.body.data.entities[0].id as number;
  expect((await call('PUT', '/region-sellers', { regions: [{ regionId: ke.id, legalEntityId: entityId }] })).http).toBe(200);

  let n = 0;
  const buyer = async (fields: Record<string, string> = {}) => {
    const id = (
      await createCustomer(db, company.id, { email: `buyer${++n}@example.ke`, firstName: 'Wanjiru', lastName: 'Kamau', ...fields })
    ).id;
    return signIn(t, company.id, id);
  };
  const as = (who: SignedIn) => authHeaders(SITE, who);

  /** Buys 30 days of 2 GB, 1 vCPU, 20 GB: 640 + 850 + 210 = KES 1,700.00, VAT 16 % 272.00, total 1,972.00; paid (bypass). */
  async function purchase(who: SignedIn): Promise<{ orderId: number; invoiceId: number; token: string }> {
    const order = await post(
      t.app,
      'virtualMachine/CreateOrder',
      {
        productID: product.id,
        region: ke.id,
        timePeriod: 30,
        specification: specificationOf(2, 1, 20),
        cost: '1700.00',
        discountAmount: '0.00',
        taxAmount: '272.00',
        totalAmount: '1972.00',
        paymentGateway: 'Pesapal Payment',
      },
      as(who),
    );
    expect(order.http, order.body.message).toBe(200);
    const orderId = order.body.data.orderID as number;
    const paid = await post(t.app, 'virtualMachine/transactionApi', { orderId, byPass: 1, paymentMode: 'Bypass' }, as(who));
    expect(paid.body.data, paid.body.message).toMatchObject({ transactionStatus: 'Complete' });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return { orderId, invoiceId: invoice!.id, token: invoice!.token };
  }

  const documentOf = async (invoiceId: number) =>
    (
      await db
        .select()
        .from(etimsDocuments)
        .where(and(eq(etimsDocuments.invoiceId, invoiceId), isNull(etimsDocuments.creditNoteId)))
    )[0];
  /** Waits until the invoice's document is signed; a time-out says where it stood. */
  const signedOf = (invoiceId: number) =>
    until(async () => {
      const doc = await documentOf(invoiceId);
      return doc?.status === 'signed' ? doc : undefined;
    }).catch(async () => {
      throw new Error(`not signed: ${JSON.stringify(await documentOf(invoiceId))}`);
    });
  /** Waits for the first try of the invoice's job to have failed (KRA unreachable). */
  const failedOnce = (invoiceId: number) =>
    until(async () => ((await documentOf(invoiceId))?.lastError?.startsWith('eTIMS could not be reached') ? true : undefined));
  /** Issues a credit note on the order from the console (no refund, service kept unless said); its id. */
  async function creditNote(orderId: number, terms: Record<string, string>): Promise<number> {
    const issued = await call('POST', `/orders/${orderId}/credit-notes`, { refund: 'none', service: 'keep', ...terms });
    expect(issued.http, issued.body.message).toBe(200);
    return issued.body.data.creditNotes[0].id as number;
  }
  /** Waits until the credit note's document has `status`. */
  const creditNoteDocumentIn = (noteId: number, status: string) =>
    until(async () => {
      const [row] = await db.select().from(etimsDocuments).where(eq(etimsDocuments.creditNoteId, noteId));
      return row?.status === status ? row : undefined;
    });
  const invoicePdf = async (who: SignedIn, token: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/invoice/pdf/${token}`, headers: as(who) });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  return {
    t,
    db,
    fake,
    work,
    company,
    entityId,
    admin,
    outsider,
    call,
    buyer,
    purchase,
    documentOf,
    signedOf,
    failedOnce,
    creditNote,
    creditNoteDocumentIn,
    invoicePdf,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
