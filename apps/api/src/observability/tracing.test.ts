import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHc3, type FakeHc3 } from '../../../../tools/fakes/hc3.ts';
import { createFakePayPal, type FakePayPalControl } from '../../../../tools/fakes/paypal.ts';
import { productionEnv, startProduct, type RunningProduct } from '../../../../tools/start-product.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../../test/otlp-receiver.ts';
import { RAND_SPECS, specificationOf } from '../../test/purchase-fixtures.ts';
import { createEmptyPostgresDatabase } from '../../test/test-db.ts';
import { until } from '../../test/until.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { completeCompany, createCustomer, upsertCompany } from '../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../db/seed/purchase-factories.ts';
import { createAccessTokens } from '../modules/identity/auth/access-tokens.ts';
import { createSessionStore } from '../modules/identity/auth/session-store.ts';

const SITE = 'https://traced-cloud.example';
const PAYPAL = { id: 'AZ7mWq3Kx9bN2pR5tV8yC1dF4gH6jL0sE-traced', secret: 'EK2wQ9rT5yU1iO7pA3sD6fG8hJ4-paypal-secret' };
const HC3 = { username: 'mawingu-ops', password: 'Hc3-cluster-Secret-771' };
const SERVER = 2;
const CLIENT = 3;

/**
 * Shop data the product starts on (SEED_DEMO=never): a company selling an HC3 VM paid with PayPal,
 * and a signed-in customer. Written before the product starts, on PGlite in its data directory or
 * in a new PostgreSQL database.
 */
async function prepareDatabase(dataDir: string, authSecret: string) {
  const postgres = process.env.DATABASE_URL ? await createEmptyPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { pgliteDir: pgliteDirFor(dataDir) });
  try {
    await runMigrations(database);
    const db = database.db;
    const company = await upsertCompany(db, completeCompany('traced-cloud', 'Traced Cloud'), [SITE]);
    const za = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
    const product = await createProduct(db, company.id, {
      name: 'Traced VM',
      serviceType: 'scaleComputing',
      template: 'ubuntu-template',
      specs: RAND_SPECS,
      regionIds: [za.id],
    });
    await setPurchaseTerms(db, company.id, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: za.id, gateways: ['paypal'] }],
      bypass: false,
    });
    const customer = await createCustomer(db, company.id, { email: 'traced@example.co.za' });
    const session = await createSessionStore(db, createAccessTokens(new TextEncoder().encode(authSecret), 900), 30).start(
      company.id,
      customer.id,
    );
    const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
    return { env, drop: postgres?.drop, productId: product.id, regionId: za.id, session };
  } finally {
    await database.close();
  }
}

/** PayPal's protocol fake on its own origin, noting the trace context each call carries. */
async function startRecordingPayPal() {
  const { plugin, control } = createFakePayPal({ clientId: PAYPAL.id, clientSecret: PAYPAL.secret });
  const app: FastifyInstance = Fastify({ logger: false });
  const calls: Array<{ method: string; url: string; traceparent?: string }> = [];
  app.addHook('onRequest', async (req) => {
    calls.push({ method: req.method, url: req.url, traceparent: req.headers.traceparent as string | undefined });
  });
  await app.register(plugin);
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/+$/, '');
  return { url, control: control as FakePayPalControl, calls, close: () => app.close() };
}

describe('OpenTelemetry traces from the running product (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let paypal: Awaited<ReturnType<typeof startRecordingPayPal>>;
  let hc3: FakeHc3;
  let product: RunningProduct;
  let shop: Awaited<ReturnType<typeof prepareDatabase>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-traced-'));

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    paypal = await startRecordingPayPal();
    hc3 = await startFakeHc3({ ...HC3, taskPolls: 1 });
    const production = productionEnv();
    shop = await prepareDatabase(dataDir, production.AUTH_SECRET!);
    product = await startProduct({
      dataDir,
      env: {
        ...production,
        ...shop.env,
        SEED_DEMO: 'never',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'mawingu-traced',
        // Batches leave every 100 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
        PAYPAL_CLIENT_ID: PAYPAL.id,
        PAYPAL_CLIENT_SECRET: PAYPAL.secret,
        PAYPAL_BASE_URL: paypal.url,
        HC3_URL: hc3.url,
        HC3_USERNAME: HC3.username,
        HC3_PASSWORD: HC3.password,
      },
    });
  }, 240_000);
  afterAll(async () => {
    await product?.stop();
    await Promise.all([paypal?.close(), hc3?.close(), receiver?.close()]);
    await shop?.drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (call: string, body: unknown) => {
    const res = await fetch(`${product.origin}/api/${call}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: SITE,
        authorization: shop.session.token,
        refreshtoken: shop.session.refreshToken,
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { status: number; message: string; data: any };
    expect(res.status, json.message).toBe(200);
    return json.data;
  };
  const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
  const isDatabase = (s: ReceivedSpan) => s.attributes['db.system.name'] === 'postgresql';
  const callsTo = (traceId: string, origin: string) =>
    inTrace(traceId).filter((s) => s.kind === CLIENT && String(s.attributes['url.full']).startsWith(origin));
  let startedPayment: { start: { kind: string; url: string } };

  it('one request, one trace: the HTTP span with its route, its queries and the gateway calls, which carry the traceparent', async () => {
    const { orderID } = await api('virtualMachine/CreateOrder', {
      productID: shop.productId,
      region: shop.regionId,
      timePeriod: 30,
      specification: specificationOf(4, 2, 50),
      // 30 days of 4 GB, 2 vCPU, 50 GB: 180 + 240 + 75; VAT 15 %.
      cost: '495.00',
      discountAmount: '0.00',
      taxAmount: '74.25',
      totalAmount: '569.25',
      paymentGateway: 'Paypal Payment',
    });
    startedPayment = await api('virtualMachine/startPayment', { orderID });
    expect(startedPayment.start.kind).toBe('redirect');

    const server = await until(() =>
      receiver.spans.find((s) => s.kind === SERVER && s.attributes['http.route'] === '/api/virtualMachine/startPayment'),
    );
    expect(server.service).toBe('mawingu-traced');
    expect(server.name).toBe('POST /api/virtualMachine/startPayment');
    // PayPal's token and its create-order call, both children of this request.
    const gatewayCalls = await until(() => {
      const calls = callsTo(server.traceId, paypal.url);
      return calls.length >= 2 ? calls : undefined;
    });
    expect(inTrace(server.traceId).filter(isDatabase).length).toBeGreaterThan(0);
    const created = paypal.calls.find((c) => c.method === 'POST' && c.url === '/v2/checkout/orders');
    expect(created?.traceparent).toMatch(new RegExp(`^00-${server.traceId}-[0-9a-f]{16}-01$`));
    expect(gatewayCalls.map((s) => s.spanId)).toContain(created!.traceparent!.split('-')[2]);
  });

  it('a paid order’s provisioning job is a trace of its own, with its queries and the hypervisor calls carrying its traceparent', async () => {
    const token = new URL(startedPayment.start.url).searchParams.get('token')!;
    paypal.control.approve(token);
    const result = await api('virtualMachine/transactionApi', { token, paymentMode: 'Paypal Payment' });
    expect(result.transactionStatus).toBe('Complete');

    const job = await until(() => receiver.spans.find((s) => s.name === 'job provision-vm'), 90_000);
    expect(job.parentSpanId).toBe('');
    expect(job.attributes['messaging.destination.name']).toBe('provision-vm');
    const hypervisorCalls = callsTo(job.traceId, hc3.url);
    expect(hypervisorCalls.length).toBeGreaterThan(0);
    expect(inTrace(job.traceId).filter(isDatabase).length).toBeGreaterThan(0);
    const carried = hc3.requests.filter((r) => r.traceparent?.split('-')[1] === job.traceId);
    expect(carried.map((r) => r.path)).toContain(`/VirDomain/${hc3.templateUuid}/clone`);
  }, 120_000);

  it('keeps secrets out of spans: no credentials, tokens or query strings; health checks are not traced', async () => {
    expect((await fetch(`${product.origin}/api/no-such-call?signature=s3cr3t-sig&token=t0k3n`)).status).toBe(404);
    const missing = await until(() => receiver.spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === '/api/no-such-call'));
    expect(missing.attributes['url.query']).toBeUndefined();
    const everything = JSON.stringify(receiver.spans);
    for (const secret of ['s3cr3t-sig', 't0k3n', PAYPAL.secret, HC3.password, shop.session.token, shop.session.refreshToken]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain(Buffer.from(`${HC3.username}:${HC3.password}`).toString('base64'));
    expect(everything.toLowerCase()).not.toContain('authorization');
    // Load balancers ask every few seconds (startProduct waited on /api/ready): never a span.
    expect(receiver.spans.filter((s) => /^\/api\/(ready|health)/.test(String(s.attributes['url.path'] ?? '')))).toEqual([]);
  });
});

describe('OpenTelemetry defaults', () => {
  it('sends OTLP protobuf to <endpoint>/v1/traces as service "mawingu" when only the endpoint is set, and hands over its spans when stopped', async () => {
    const receiver = await startOtlpReceiver();
    const product = await startProduct({ env: { ...productionEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    try {
      expect((await fetch(`${product.origin}/api/traced-by-default`)).status).toBe(404);
      // Stopped at once: the span would otherwise wait up to 5 s in its batch.
      await product.stop();
      const post = receiver.posts.find((p) => p.body.includes('/api/traced-by-default'));
      expect(post).toBeDefined();
      expect(post!.path).toBe('/v1/traces');
      expect(post!.contentType).toBe('application/x-protobuf');
      expect(post!.body.includes('mawingu')).toBe(true);
    } finally {
      await product.stop();
      await receiver.close();
    }
  }, 240_000);
});
