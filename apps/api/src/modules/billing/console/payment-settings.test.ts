import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAdminMessages as texts } from '@mawingu/contracts/admin/payments';
import { fill } from '@mawingu/contracts/messages';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { post } from '../../../../test/test-app.ts';
import { auditLog, companyGatewayCredentials, gatewayEvents, products } from '../../../db/schema.ts';
import { toFormPairs } from '../../../integrations/payments/form-encoding.ts';
import { createRegion } from '../../../db/seed/purchase-factories.ts';
import { responseHash } from '../../../integrations/payments/ozow-hash.ts';
import { checkoutSignature } from '../../../integrations/payments/payfast-signature.ts';
import { createSecretBox } from '../../../integrations/secrets/secret-box.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';

/**
 * Payment settings in the console (issue 7, point 4) and the payment path they steer: a company's
 * own gateway credentials, sealed, shown masked, audited masked, and used for its payments at once.
 */
let w: World;
let admin: SignedInOperator;
let support: SignedInOperator;
let owner: SignedInOperator;
let zebraAdmin: SignedInOperator;
let buyer: Awaited<ReturnType<World['customer']>>;
let ubuntuId: number;

const PAYFAST = { merchantId: '10000777', merchantKey: 'acmeMerchantKey2026', passphrase: 'Acme Pass Phrase 77' };
const OZOW = { siteCode: 'ACM-ACM-001', privateKey: 'acme-ozow-private-key-0042', apiKey: '' };
/** Everything a reply or an audit row must never carry in clear. */
const CLEAR = [PAYFAST.merchantKey, PAYFAST.passphrase, PAYFAST.merchantId, OZOW.privateKey, OZOW.siteCode];

const S = () => `/companies/${w.ids.acme}/payment-settings`;
const settingsOf = (who: SignedInOperator) => adminCall(w.t, who, 'GET', S());
const put = (body: unknown, who: SignedInOperator = admin) => adminCall(w.t, who, 'PUT', S(), body);
const productDetail = async () =>
  (await post(w.t.app, 'virtualMachine/getVMProductDetail', { productID: ubuntuId }, w.as(buyer))).body.data;
const gatewaysOfZa = async () =>
  ((await productDetail()).country as Array<{ countryID: number; paymentGateway: string[] }>).find((c) => c.countryID === w.ids.za)
    ?.paymentGateway;

/** Nothing secret in any serialised text. */
function expectNoSecrets(text: string, sealed: string[] = []) {
  for (const secret of [...CLEAR, ...sealed]) expect(text, `contains ${secret.slice(0, 12)}…`).not.toContain(secret);
}

beforeAll(async () => {
  w = await openWorld();
  admin = await signInOperator(w.t, 'admin', w.ids.acme);
  support = await signInOperator(w.t, 'support', w.ids.acme);
  owner = await signInOperator(w.t, 'owner');
  zebraAdmin = await signInOperator(w.t, 'admin', w.ids.zebra);
  buyer = await w.customer(w.ids.acme);
  [{ id: ubuntuId }] = (await w.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, w.ids.acme), eq(products.name, 'Ubuntu Pay')))) as [{ id: number }];
});
afterAll(() => w.close());

describe('payment settings', () => {
  it('shows bypass, the gateways per region in order, and per gateway what serves without own credentials', async () => {
    const res = await settingsOf(admin);
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.bypass).toBe(false);
    expect(res.body.data.regions).toEqual([
      { id: w.ids.ke, name: 'Kenya', currency: 'KES', gateways: ['pesapal'] },
      { id: w.ids.za, name: 'South Africa', currency: 'ZAR', gateways: ['payfast', 'ozow', 'paypal'] },
    ]);
    const payfast = res.body.data.gateways.find((g: { gateway: string }) => g.gateway === 'payfast');
    expect(payfast).toMatchObject({ configured: false, mode: 'test', unreadable: false, fallback: 'sandbox', updatedAt: null });
    expect(payfast.fields).toEqual([
      { name: 'merchantId', required: true, secret: false, set: false, masked: '' },
      { name: 'merchantKey', required: true, secret: true, set: false, masked: '' },
      { name: 'passphrase', required: false, secret: true, set: false, masked: '' },
    ]);
  });

  it('is for owners and admins of the company only: 401 without a session, 403 for support, 404 for another company', async () => {
    expect((await adminCall(w.t, null, 'GET', S())).http).toBe(401);
    const bySupport = await settingsOf(support);
    expect(bySupport.http).toBe(403);
    expect(bySupport.body.message).toBe(adminMessages.forbidden);
    expect((await put({ bypass: true }, support)).http).toBe(403);
    const other = await settingsOf(zebraAdmin);
    expect(other.http).toBe(404);
    expect(other.body.message).toBe(adminMessages.companyNotFound);
    expect((await put({ bypass: true }, zebraAdmin)).http).toBe(404);
    expect((await settingsOf(owner)).http).toBe(200);
  });

  it('stores PayFast credentials sealed, answers them masked, audits them masked, and the next payment uses them', async () => {
    const saved = await put({ gateways: { payfast: { mode: 'test', credentials: PAYFAST } } });
    expect(saved.http, saved.body.message).toBe(200);
    expect(saved.body.message).toBe(texts.settingsSaved);
    const payfast = saved.body.data.gateways.find((g: { gateway: string }) => g.gateway === 'payfast');
    expect(payfast).toMatchObject({ configured: true, mode: 'test', unreadable: false });
    expect(payfast.fields.map((f: { masked: string }) => f.masked)).toEqual(['••••', '••••2026', '••••e 77']);
    expectNoSecrets(saved.raw.body);
    expectNoSecrets((await settingsOf(admin)).raw.body);

    // At rest: sealed, not the clear JSON.
    const [row] = await w.db.select().from(companyGatewayCredentials).where(eq(companyGatewayCredentials.companyId, w.ids.acme));
    expect(row!.credentialsSealed).toMatch(/^v1\./);
    expectNoSecrets(row!.credentialsSealed);

    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, w.ids.acme), eq(auditLog.action, 'payments.settings.update')));
    expect(entry).toMatchObject({ actorEmail: admin.email, targetType: 'company', targetId: String(w.ids.acme) });
    expect((entry!.after as { credentialsChanged: unknown }).credentialsChanged).toEqual({
      payfast: ['merchantId', 'merchantKey', 'passphrase'],
    });
    expectNoSecrets(JSON.stringify(entry), [row!.credentialsSealed]);

    // The very next Pay goes to PayFast's sandbox with the company's merchant, signed with its passphrase.
    const orderId = await w.order(buyer);
    const started = await w.start(buyer, orderId);
    expect(started.http, started.body.message).toBe(200);
    const { action, fields } = started.body.data.start as { action: string; fields: Array<[string, string]> };
    expect(action).toBe('https://sandbox.payfast.co.za/eng/process');
    const byName = Object.fromEntries(fields);
    expect(byName.merchant_id).toBe(PAYFAST.merchantId);
    expect(byName.merchant_key).toBe(PAYFAST.merchantKey);
    expect(byName.signature).toBe(
      checkoutSignature(
        fields.filter(([name]) => name !== 'signature'),
        PAYFAST.passphrase,
      ),
    );
  });

  it('keeps a stored secret when its field is left empty; changes the mode to live (the live host)', async () => {
    const res = await put({
      gateways: { payfast: { mode: 'live', credentials: { merchantId: '', merchantKey: '', passphrase: 'A New Pass Phrase 88' } } },
    });
    expect(res.http, res.body.message).toBe(200);
    const payfast = res.body.data.gateways.find((g: { gateway: string }) => g.gateway === 'payfast');
    expect(payfast.mode).toBe('live');
    expect(payfast.fields.map((f: { masked: string }) => f.masked)).toEqual(['••••', '••••2026', '••••e 88']);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, w.ids.acme), eq(auditLog.action, 'payments.settings.update')))
      .orderBy(auditLog.id)
      .offset(1);
    expect((entry!.after as { credentialsChanged: unknown }).credentialsChanged).toEqual({ payfast: ['passphrase'] });
    expect(JSON.stringify(entry)).not.toContain('A New Pass Phrase 88');

    const orderId = await w.order(buyer);
    const { action, fields } = (await w.start(buyer, orderId)).body.data.start;
    expect(action).toBe('https://www.payfast.co.za/eng/process');
    const byName = Object.fromEntries(fields as Array<[string, string]>);
    expect(byName.merchant_key).toBe(PAYFAST.merchantKey);
    expect(byName.signature).toBe(
      checkoutSignature(
        (fields as Array<[string, string]>).filter(([n]) => n !== 'signature'),
        'A New Pass Phrase 88',
      ),
    );
  });

  it('refuses incomplete credentials, foreign regions and a gateway twice, naming the field, and writes nothing', async () => {
    const before = await w.db.$count(auditLog);
    const missing = await put({ bypass: true, gateways: { ozow: { mode: 'test', credentials: { siteCode: OZOW.siteCode } } } });
    expect(missing.http).toBe(400);
    expect(missing.body.data.fieldErrors).toEqual({ 'gateways.ozow.credentials.privateKey': texts.credentialRequired });
    const foreign = await put({ regions: [{ id: 999_999, gateways: ['payfast'] }] });
    expect(foreign.http).toBe(400);
    expect(foreign.body.data.fieldErrors).toEqual({ 'regions.0.id': texts.regionNotFound });
    const twice = await put({ regions: [{ id: w.ids.za, gateways: ['ozow', 'ozow'] }] });
    expect(twice.body.data.fieldErrors).toEqual({ 'regions.0.gateways': texts.gatewayTwice });
    const badMode = await put({ gateways: { payfast: { mode: 'production' } } });
    expect(badMode.http).toBe(400);
    expect(badMode.body.data.fieldErrors['gateways.payfast.mode']).toBe(texts.modeInvalid);
    const unknownGateway = await put({ regions: [{ id: w.ids.za, gateways: ['stripe'] }] });
    expect(unknownGateway.http).toBe(400);
    expect(Object.keys(unknownGateway.body.data.fieldErrors)).toEqual(['regions.0.gateways.0']);
    expect(await w.db.$count(auditLog)).toBe(before);
    expect((await settingsOf(admin)).body.data.bypass).toBe(false);
  });

  it('refuses a gateway that cannot take the region’s currency, naming the region’s gateways field, and writes nothing', async () => {
    const before = await w.db.$count(auditLog);
    const tzs = await createRegion(w.db, w.ids.acme, { name: 'Tanzania', iso2: 'TZ', currency: 'TZS', taxPercent: '18.00' });
    const cases: Array<[number, string[], string, string]> = [
      [w.ids.ke, ['pesapal', 'payfast'], 'PayFast', 'KES'],
      [tzs.id, ['ozow'], 'Ozow', 'TZS'],
      [w.ids.ke, ['paypal'], 'PayPal', 'KES'],
      [w.ids.za, ['payfast', 'pesapal'], 'Pesapal', 'ZAR'],
    ];
    for (const [regionId, gateways, gateway, currency] of cases) {
      const other = regionId === w.ids.ke ? tzs.id : w.ids.ke;
      const res = await put({
        regions: [
          { id: other, gateways: ['pesapal'] },
          { id: regionId, gateways },
        ],
      });
      expect(res.http, `${gateway} in ${currency}`).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ 'regions.1.gateways': fill(texts.gatewayCurrency, { gateway, currency }) });
      expect(res.body.message).toBe(fill(texts.gatewayCurrency, { gateway, currency }));
    }
    expect(await w.db.$count(auditLog)).toBe(before);
    expect(await gatewaysOfZa()).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
    // What each gateway does take is accepted: PayPal in a rand region (charged in USD), Pesapal in shillings.
    const fine = await put({
      regions: [
        { id: w.ids.za, gateways: ['payfast', 'ozow', 'paypal'] },
        { id: w.ids.ke, gateways: ['pesapal'] },
        { id: tzs.id, gateways: ['pesapal'] },
      ],
    });
    expect(fine.http, fine.body.message).toBe(200);
  });

  it('changes which gateways a region offers and the bypass switch; the shop shows it at once', async () => {
    expect(await gatewaysOfZa()).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
    const res = await put({ regions: [{ id: w.ids.za, gateways: ['ozow', 'payfast'] }] });
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.regions.find((r: { id: number }) => r.id === w.ids.za).gateways).toEqual(['ozow', 'payfast']);
    expect(await gatewaysOfZa()).toEqual(['Ozow Payment', 'PayFast Payment']);

    expect((await put({ bypass: true })).body.data.bypass).toBe(true);
    expect((await productDetail()).byPassflag).toBe(1);
    expect((await put({ bypass: false, regions: [{ id: w.ids.za, gateways: ['payfast', 'ozow', 'paypal'] }] })).http).toBe(200);
    expect((await productDetail()).byPassflag).toBe(0);
    expect(await gatewaysOfZa()).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
  });

  it('pays an Ozow order with the company’s own site and key; a result signed with the server’s key is refused', async () => {
    expect((await put({ gateways: { ozow: { mode: 'test', credentials: OZOW } } })).http).toBe(200);
    const orderId = await w.order(buyer, 'ubuntu', 'Ozow Payment');
    const started = await w.start(buyer, orderId, 'Ozow Payment');
    expect(started.http, started.body.message).toBe(200);
    const { action, fields } = started.body.data.start as { action: string; fields: Array<[string, string]> };
    expect(action).toBe('https://pay.ozow.com/');
    const sent = Object.fromEntries(fields);
    expect(sent).toMatchObject({ SiteCode: OZOW.siteCode, IsTest: 'true', Amount: '2522.25' });

    const result = (key: string, transactionId: string) => {
      const pairs: Array<[string, string]> = [
        ['SiteCode', OZOW.siteCode],
        ['TransactionId', transactionId],
        ['TransactionReference', sent.TransactionReference!],
        ['Amount', '2522.25'],
        ['Status', 'Complete'],
        ['Optional1', sent.Optional1!],
        ['CurrencyCode', 'ZAR'],
        ['IsTest', 'true'],
        ['StatusMessage', ''],
      ];
      return new URLSearchParams([...pairs, ['Hash', responseHash(toFormPairs(pairs)!, key)]]).toString();
    };
    const notify = (body: string) =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/payments/ozow/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });

    // Signed with the local sandbox's key (what served before): refused, recorded, nothing paid.
    expect((await notify(result('215114531AFF7134A94C88CEEA48E', 'OZ-FORGED-1'))).statusCode).toBe(200);
    await w.expectUnpaid(orderId, 'created');
    expect((await w.eventsOf(orderId)).map((e) => [e.outcome, e.reason?.split(':')[0]])).toEqual([['refused', 'signature']]);

    expect((await notify(result(OZOW.privateKey, 'OZ-GENUINE-1'))).statusCode).toBe(200);
    await w.expectPaidOnce(buyer, orderId, true);
    const [attempt] = await w.attemptsOf(orderId);
    expect(attempt).toMatchObject({ status: 'paid', test: true, gatewayReference: 'OZ-GENUINE-1' });
  });

  it('stored credentials this server cannot open (another secret key) are not used, not replaced by the server’s, and must be entered again', async () => {
    const otherKey = createSecretBox(randomBytes(32));
    await w.db
      .update(companyGatewayCredentials)
      .set({ credentialsSealed: otherKey.seal(JSON.stringify(OZOW)) })
      .where(and(eq(companyGatewayCredentials.companyId, w.ids.acme), eq(companyGatewayCredentials.gateway, 'ozow')));
    await w.t.modules.platform.caches.invalidate('payment-settings', w.ids.acme);

    const ozow = (await settingsOf(admin)).body.data.gateways.find((g: { gateway: string }) => g.gateway === 'ozow');
    expect(ozow).toMatchObject({ configured: true, unreadable: true });
    expect(ozow.fields.every((f: { set: boolean }) => !f.set)).toBe(true);
    // Not offered (and never the sandbox's account instead): the company's money would go elsewhere.
    expect(await gatewaysOfZa()).toEqual(['PayFast Payment', 'Paypal Payment']);
    const orderId = await w.order(buyer);
    const refused = await w.start(buyer, orderId, 'Ozow Payment');
    expect(refused.http).toBe(400);
    expect(Object.keys(refused.body.data.fieldErrors)).toEqual(['paymentGateway']);

    // A save that touches Ozow must bring every value again; saving other things is not blocked.
    const modeOnly = await put({ gateways: { ozow: { mode: 'live' } } });
    expect(modeOnly.http).toBe(400);
    expect(modeOnly.body.data.fieldErrors).toEqual({
      'gateways.ozow.credentials.siteCode': texts.credentialUnreadable,
      'gateways.ozow.credentials.privateKey': texts.credentialUnreadable,
    });
    expect((await put({ bypass: false, gateways: { ozow: { mode: 'test', credentials: {} } } })).http).toBe(200);
    const again = await put({
      gateways: { ozow: { mode: 'test', credentials: { siteCode: OZOW.siteCode, privateKey: OZOW.privateKey } } },
    });
    expect(again.http, again.body.message).toBe(200);
    expect(again.body.data.gateways.find((g: { gateway: string }) => g.gateway === 'ozow')).toMatchObject({
      unreadable: false,
      configured: true,
    });
    expect(await gatewaysOfZa()).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
  });

  it('removing a gateway’s own credentials hands the company back to the server’s configuration (here the local sandbox)', async () => {
    const res = await put({ gateways: { payfast: { remove: true }, ozow: { remove: true } } });
    expect(res.http).toBe(200);
    expect(res.body.data.gateways.filter((g: { configured: boolean }) => g.configured)).toEqual([]);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payments.settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((entry!.after as { credentialsRemoved: string[] }).credentialsRemoved).toEqual(['payfast', 'ozow']);
    const orderId = await w.order(buyer);
    const { action, fields } = (await w.start(buyer, orderId)).body.data.start;
    // The local sandbox, posted to on the payer's own site.
    expect(action).toBe('/dev/sandbox/payfast/eng/process');
    expect(Object.fromEntries(fields as Array<[string, string]>).merchant_id).toBe('10000100');
  });

  it('never puts a credential in any audit row', async () => {
    const rows = await w.db.select().from(auditLog).where(eq(auditLog.companyId, w.ids.acme));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expectNoSecrets(JSON.stringify(rows));
    // The gateway events keep what the gateways sent; none of our secrets went into them either.
    expect(JSON.stringify(await w.db.select().from(gatewayEvents))).not.toContain(OZOW.privateKey);
  });
});
