import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '@mawingu/contracts/messages';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import { openPurchaseWorld, type PurchaseWorld } from './purchase.test-helper.ts';

/**
 * "VAT on the discounted price" (issue 18 point 6, docs/decisions/0126): a Kenyan entity that taxes
 * the consideration after the category discount, set in the console, priced so by the server in the
 * configurator's details and in CreateOrder, and switched back to the spec's list price at once.
 */
describe('buying a new VM where the seller charges VAT on the discounted price', () => {
  let t: TestContext;
  let acme: PurchaseWorld['acme'];
  let buyer: SignedIn;
  let as: PurchaseWorld['as'];
  let order90: PurchaseWorld['order90'];
  let admin: SignedInOperator;
  let entityId: number;

  // Nairobi VM, 2 GB, 1 vCPU, 20 GB, 30 days: price 1700.00, discount 37.25 (create-order.test.ts).
  const kenyanOrder = (taxAmount: string, totalAmount: string) => ({
    productID: acme.nairobi,
    specification: specificationOf(2, 1, 20),
    region: acme.ke,
    timePeriod: 30,
    currency: 'KES',
    cost: '1700.00',
    discountAmount: '37.25',
    taxAmount,
    totalAmount,
  });
  const entity = (vatOnDiscountedPrice: boolean) => ({
    name: 'Acme Kenya Limited',
    address: 'Westlands, Nairobi',
    taxCountry: 'KE',
    taxNumber: 'P051234567X',
    seriesPrefix: 'KE-',
    timeZone: 'Africa/Nairobi',
    currency: 'KES',
    vatOnDiscountedPrice,
  });
  const regionFlags = async (productID: number) => {
    const res = await post(t.app, 'virtualMachine/getVMProductDetail', { productID }, as(buyer));
    expect(res.http).toBe(200);
    return Object.fromEntries(
      res.body.data.country.map((c: { countryID: number; vatOnDiscountedPrice: number }) => [c.countryID, c.vatOnDiscountedPrice]),
    );
  };

  beforeAll(async () => {
    ({ t, acme, buyer, as, order90 } = await openPurchaseWorld());
    admin = await signInOperator(t, 'admin', acme.id);
    // The configurator's terms are read (and cached) before the console changes them.
    expect(await regionFlags(acme.nairobi)).toEqual({ [acme.ke]: 0 });
    const created = await adminCall(t, admin, 'POST', `/companies/${acme.id}/legal-entities`, entity(true));
    expect(created.http, created.body.message).toBe(200);
    entityId = created.body.data.entities[0].id;
    expect(created.body.data.entities[0].vatOnDiscountedPrice).toBe(true);
    const sellers = await adminCall(t, admin, 'PUT', `/companies/${acme.id}/region-sellers`, {
      regions: [{ regionId: acme.ke, legalEntityId: entityId }],
    });
    expect(sellers.http).toBe(200);
  });
  afterAll(() => t.close());

  it('tells the configurator that the Kenyan region taxes the discounted price, and South Africa still the list price', async () => {
    expect(await regionFlags(acme.nairobi)).toEqual({ [acme.ke]: 1 });
    expect(await regionFlags(acme.product)).toEqual({ [acme.za]: 0 });
  });

  it('refuses the list-price tax with the amount the server charges, naming the field', async () => {
    // The spec's figures: tax 1700 × 16 % = 272.00, total 1934.75; this seller's: (1700 − 37.25) × 16 %.
    const res = await post(t.app, 'virtualMachine/CreateOrder', kenyanOrder('272.00', '1934.75'), as(buyer));
    expect(res.http).toBe(422);
    expect(res.body.data.fieldErrors).toEqual({
      taxAmount: fill(messages.amountMismatch, { field: 'Tax amount', amount: '266.04 KES' }),
      totalAmount: fill(messages.amountMismatch, { field: 'Total amount', amount: '1928.79 KES' }),
    });
  });

  it('charges VAT on the discounted price to the cent: (1700.00 − 37.25) × 16 % = 266.04, total 1928.79', async () => {
    const res = await post(t.app, 'virtualMachine/CreateOrder', kenyanOrder('266.04', '1928.79'), as(buyer));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ cost: '1700.00', discount: '37.25', tax: '16.00', taxAmount: '266.04', amount: '1928.79' });
  });

  it('leaves a South African order, sold by the company itself, on the list price', async () => {
    const res = await post(t.app, 'virtualMachine/CreateOrder', order90(), as(buyer));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ taxAmount: '337.50', amount: '2522.25' });
  });

  it('goes back to the spec’s list price as soon as the owner switches the setting off', async () => {
    const off = await adminCall(t, admin, 'PUT', `/companies/${acme.id}/legal-entities/${entityId}`, entity(false));
    expect(off.http, off.body.message).toBe(200);
    expect(await regionFlags(acme.nairobi)).toEqual({ [acme.ke]: 0 });
    const res = await post(t.app, 'virtualMachine/CreateOrder', kenyanOrder('272.00', '1934.75'), as(buyer));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.amount).toBe('1934.75');
  });

  it('refuses a setting that is not yes or no, naming the field', async () => {
    const res = await adminCall(t, admin, 'PUT', `/companies/${acme.id}/legal-entities/${entityId}`, {
      ...entity(true),
      vatOnDiscountedPrice: 'sometimes',
    });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toMatchObject({ vatOnDiscountedPrice: expect.any(String) });
  });
});
