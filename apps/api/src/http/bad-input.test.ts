import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authHeaders, signIn } from '../../test/sign-in.ts';
import { signInOperator } from '../../test/operator-sign-in.ts';
import { multipartBody } from '../../test/multipart.ts';
import { gatewayEvents, tickets } from '../db/schema.ts';
import { seedDemoCatalogue } from '../db/seed/demo-catalogue-seed.ts';
import { completeCompany, createCustomer, upsertCompany } from '../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../db/seed/ticket-issue-types.ts';

/**
 * Fuzz-style cases of issue 13 (point 7), table-driven over every route that could meet them: bad
 * input is a 4xx, never a 500. Malformed multipart on every upload, a NUL in every string a caller
 * sends (PostgreSQL cannot store one), and ids beyond PostgreSQL's integer in every id a caller
 * sends (path and body). Bodies are built from each route's own schema, so new routes are covered.
 */

const ACME = 'https://acme-fuzz.example';
const NUL = 'a\u0000b';
/** Beyond int4 (2,147,483,647); the first is the review's own example. */
const HUGE_IDS = ['99999999999', '2147483648', '-99999999999', '1e400', '9'.repeat(400)];

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
};

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type);
const firstOption = (s: JsonSchema): JsonSchema => (s.anyOf ?? s.oneOf)?.find((o) => typeOf(o) !== 'null') ?? s.allOf?.[0] ?? s;

/** A plausible value for a schema: enough for a body to pass validation and reach the database. */
function sample(schema: JsonSchema, name = ''): unknown {
  const s = firstOption(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'string':
      if (/url$/i.test(name)) return ACME;
      if (s.format === 'email' || /email/i.test(name)) return 'fuzz@acme-fuzz.example';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return '2030-01-01';
      return 'Fuzz1'.padEnd(Math.max(5, s.minLength ?? 0), 'z');
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, name));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
    default:
      return 'Fuzz1';
  }
}

/** Each top-level field of a body schema that is a string or a number (ids and counts are numbers here). */
function fieldsOf(schema: JsonSchema | undefined): { name: string; kind: 'string' | 'number' }[] {
  const s = schema ? firstOption(schema) : undefined;
  return Object.entries(s?.properties ?? {}).flatMap(([name, prop]): { name: string; kind: 'string' | 'number' }[] => {
    const kinds = [prop, ...(prop.anyOf ?? []), ...(prop.oneOf ?? [])].map(typeOf);
    if (kinds.includes('integer') || kinds.includes('number')) return [{ name, kind: 'number' }];
    if (kinds.includes('string') && !prop.enum && !firstOption(prop).enum) return [{ name, kind: 'string' }];
    return [];
  });
}

type Route = { method: string; url: string; body?: JsonSchema; side: 'customer' | 'console' };

describe('bad input is a 4xx, never a 500', () => {
  let t: TestContext;
  let acmeId: number;
  let customerId: number;
  let ticketId: number;
  let routes: Route[];

  const asCustomer = async () => authHeaders(ACME, await signIn(t, acmeId, customerId));
  const asOwner = async () => (await signInOperator(t, 'owner')).headers;
  const headersFor = (route: Route) => (route.side === 'console' ? asOwner() : asCustomer());
  /** The route's path with real ids (the company, a ticket), 1 elsewhere, and `bad` for one parameter. */
  const pathOf = (url: string, bad?: { param: string; value: string }) =>
    url.replace(/:([A-Za-z0-9_]+)/g, (_, param: string) => {
      if (bad?.param === param) return encodeURIComponent(bad.value);
      if (param === 'companyId') return String(acmeId);
      if (param === 'ticketId') return String(ticketId);
      if (param === 'document') return 'terms';
      if (/fileId|externalId/.test(param)) return '00000000-0000-4000-8000-000000000000';
      return '1';
    });
  // Each call from its own address, so the sign-up and login rate limits never answer instead.
  let caller = 0;
  const send = async (route: Route, options: Omit<InjectOptions, 'method'>) => {
    caller++;
    const remoteAddress = `10.${(caller >> 16) & 255}.${(caller >> 8) & 255}.${caller & 255}`;
    const res = await t.app.inject({
      method: route.method as 'POST',
      remoteAddress,
      ...options,
      headers: { ...(await headersFor(route)), ...(options.headers ?? {}) },
    });
    let body: { status?: number; message?: string; data?: { fieldErrors?: Record<string, string> } | null } = {};
    try {
      body = res.json();
    } catch {
      // Not every answer is JSON (file downloads, the gateways' replies).
    }
    return { status: res.statusCode, body, text: res.body };
  };

  /**
   * The error handler's net (a database refusal → 400 "Invalid request", no field): no 500, but the
   * caller is not told which field. Ids are bounded by their schemas, so none should fall into it.
   */
  const caughtByNet = (res: { status: number; body: { message?: string; data?: unknown } }) =>
    res.status === 400 && res.body.message === 'Invalid request' && !res.body.data;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-fuzz', 'Acme Fuzz'), [ACME])).id;
    await seedDemoCatalogue(db, acmeId);
    await seedTicketIssueTypes(db, acmeId);
    customerId = (await createCustomer(db, acmeId, { email: 'fuzzed@acme-fuzz.example' })).id;
    const form = multipartBody([
      { name: 'issueType', data: 'Billing' },
      { name: 'description', data: 'Invoice 42 is wrong' },
    ]);
    const raised = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/generateTicket',
      payload: form.payload,
      headers: { ...(await asCustomer()), ...form.headers },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    ticketId = (await db.select().from(tickets).where(eq(tickets.customerId, customerId)))[0]!.id;

    await t.app.ready();
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
    };
    const customer: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        body: op.requestBody?.content?.['application/json']?.schema,
        side: 'customer' as const,
      })),
    );
    const consoleRoutes: Route[] = t.app.adminRouteTable.map((r) => {
      const body = (r.schema as { body?: unknown } | undefined)?.body;
      return {
        method: r.method,
        url: r.url,
        side: 'console' as const,
        body: body instanceof z.ZodType ? (z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined,
      };
    });
    routes = [...customer, ...consoleRoutes];
  });
  afterAll(() => t.close());

  it('walks the customer API and the console (a walk over nothing proves nothing)', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/virtualMachine/getOrderDetail',
        'POST /api/admin/companies/:companyId/vms/:vmId/block',
        'GET /api/admin/companies/:companyId/customers',
      ]),
    );
    expect(routes.filter((r) => r.body && fieldsOf(r.body).some((f) => f.kind === 'number')).length).toBeGreaterThan(30);
  });

  describe('ids out of the integer range', () => {
    it('in the path of every route: 400 naming the id, or 404', async () => {
      const failures: string[] = [];
      for (const route of routes) {
        for (const param of route.url.match(/:[A-Za-z0-9_]+/g) ?? []) {
          for (const value of HUGE_IDS) {
            const url = pathOf(route.url, { param: param.slice(1), value });
            const res = await send(route, { url, ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}) });
            if (res.status >= 500 || res.status < 400 || caughtByNet(res))
              failures.push(`${route.method} ${url} → ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('in every number of every JSON body: 4xx, named by the schema', async () => {
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.body)) {
        const valid = sample(route.body!) as Record<string, unknown>;
        for (const field of fieldsOf(route.body).filter((f) => f.kind === 'number')) {
          for (const value of [99999999999, 2147483648, -99999999999]) {
            const res = await send(route, { url: pathOf(route.url), payload: { ...valid, [field.name]: value } });
            if (res.status >= 500 || caughtByNet(res))
              failures.push(`${route.method} ${route.url} ${field.name}=${value} → ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('names the id: /api/admin/companies/:companyId/vms/99999999999/block, a customer, a product; an unknown company', async () => {
      const owner = await asOwner();
      for (const [url, field] of [
        [`/api/admin/companies/${acmeId}/vms/99999999999/block`, 'vmId'],
        [`/api/admin/companies/${acmeId}/customers/99999999999`, 'customerId'],
        [`/api/admin/companies/${acmeId}/catalogue/products/99999999999`, 'id'],
      ] as const) {
        const method = url.endsWith('/block') ? 'POST' : 'GET';
        const res = await t.app.inject({ method, url, headers: owner, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().data?.fieldErrors, `${url}: ${res.body}`).toHaveProperty(field);
      }
      // The company is checked before anything else: beyond int4 none exists, as for another company's.
      const company = await t.app.inject({ method: 'GET', url: '/api/admin/companies/99999999999/customers', headers: owner });
      expect(company.statusCode).toBe(404);
      expect(company.json().message).toBe('Company not found.');
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/virtualMachine/getOrderDetail',
        payload: { orderID: 99999999999 },
        headers: await asCustomer(),
      });
      expect(order.statusCode, order.body).toBeGreaterThanOrEqual(400);
      expect(order.statusCode).toBeLessThan(500);
    });
  });

  describe('a NUL byte', () => {
    it('in every string of every JSON body: 400 naming the field', async () => {
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.body)) {
        const valid = sample(route.body!) as Record<string, unknown>;
        for (const field of fieldsOf(route.body).filter((f) => f.kind === 'string')) {
          const res = await send(route, { url: pathOf(route.url), payload: { ...valid, [field.name]: NUL } });
          if (res.status !== 400 || !res.body.data?.fieldErrors?.[field.name])
            failures.push(`${route.method} ${route.url} ${field.name} → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('in the search box of every console list: 400 naming q', async () => {
      const lists = routes.filter((r) => r.side === 'console' && r.method === 'GET');
      const searched: string[] = [];
      const failures: string[] = [];
      for (const route of lists) {
        const res = await send(route, { url: `${pathOf(route.url)}?q=${encodeURIComponent(NUL)}` });
        if (res.status === 400 && res.body.data?.fieldErrors?.q) searched.push(route.url);
        else if (res.status >= 500 || (res.status === 200 && route.url.endsWith('s')))
          failures.push(`${route.url} → ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      // The review's nine lists (the subscribers' CSV export shares the subscribers' search).
      expect(searched.length).toBeGreaterThanOrEqual(9);
    });

    it('in a query or path anywhere: 4xx', async () => {
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const url of [
          `${pathOf(route.url)}?q=${encodeURIComponent(NUL)}&search=${encodeURIComponent(NUL)}`,
          ...(route.url.includes(':') ? [pathOf(route.url.replace(/:[A-Za-z0-9_]+$/, NUL))] : []),
        ]) {
          const res = await send(route, { url });
          if (res.status >= 500) failures.push(`${route.url} ${url} → ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });

  describe('gateway notifications carrying a NUL', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: { gateway: string; request: InjectOptions; reply: number }[] = [
      {
        gateway: 'payfast',
        request: {
          method: 'POST',
          url: '/api/virtualMachine/notifyPayFastStatus',
          headers: form,
          payload: 'm_payment_id=MW-1%00x&pf_payment_id=1&payment_status=COMPLETE&amount_gross=10.00&item_name=VM\u0000&signature=0',
        },
        reply: 200,
      },
      {
        gateway: 'ozow',
        request: {
          method: 'POST',
          url: '/api/payments/ozow/notify',
          headers: form,
          payload: 'SiteCode=X&TransactionId=1&TransactionReference=MW-1\u0000x&Amount=10.00&Status=Complete&Hash=0',
        },
        reply: 200,
      },
      {
        gateway: 'pesapal',
        request: {
          method: 'GET',
          url: '/api/payments/pesapal/ipn?OrderTrackingId=t%00&OrderMerchantReference=MW-1%00x&OrderNotificationType=IPNCHANGE',
        },
        reply: 200,
      },
      {
        gateway: 'paypal',
        request: {
          method: 'POST',
          url: '/api/payments/paypal/webhook',
          payload: { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'ORDER\u0000X', custom_id: 'MW-1\u0000x' } },
        },
        reply: 200,
      },
    ];

    it.each(cases)('$gateway: answered as the protocol wants, kept with the NUL escaped', async ({ gateway, request, reply }) => {
      const before = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.gateway, gateway));
      const res = await t.app.inject(request);
      expect(res.statusCode, res.body).toBe(reply);
      const after = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.gateway, gateway));
      expect(after.length).toBe(before.length + 1);
      const kept = after.at(-1)!;
      expect(kept.outcome).toBe('refused');
      // Kept as the six characters \u0000 (JSON: \\u0000), never as the byte (JSON: \u0000).
      const stored = JSON.stringify(kept.payload);
      expect(stored).toContain('\\\\u0000');
      expect(stored.replaceAll('\\\\u0000', '')).not.toContain('\\u0000');
    });
  });

  describe('malformed multipart on every upload', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const uploads: { url: string; side: Route['side']; field: string; extra?: Record<string, string> }[] = [
      { url: '/api/profileSetting/updateProfileImage', side: 'customer', field: 'image' },
      { url: '/api/ticket/generateTicket', side: 'customer', field: 'attachments', extra: { issueType: 'Billing', description: 'Broken' } },
      { url: '/api/virtualMachine/uploadCustomerLicense', side: 'customer', field: 'image', extra: { orderID: '1' } },
      { url: '/api/admin/companies/:companyId/settings/logo', side: 'console', field: 'logo' },
      { url: '/api/admin/companies/:companyId/settings/video', side: 'console', field: 'video' },
      { url: '/api/admin/companies/:companyId/settings/documents/:document', side: 'console', field: 'file' },
      { url: '/api/admin/companies/:companyId/content/news/image', side: 'console', field: 'image' },
      { url: '/api/admin/companies/:companyId/catalogue/images', side: 'console', field: 'image' },
      {
        url: '/api/admin/companies/:companyId/tickets/:ticketId/responses',
        side: 'console',
        field: 'attachments',
        extra: { response: 'Done', status: 'Closed' },
      },
    ];
    type Variant = { name: string; payload: Buffer | string; headers: Record<string, string>; wellFormed?: boolean };
    const variants = (field: string, extra: Record<string, string> = {}): Variant[] => {
      const whole = multipartBody([
        ...Object.entries(extra).map(([name, data]) => ({ name, data })),
        { name: field, data: png, filename: 'x.png', contentType: 'image/png' },
      ]);
      const boundary = whole.headers['content-type']!.split('boundary=')[1]!;
      return [
        { name: 'truncated in the file', payload: whole.payload.subarray(0, whole.payload.length - 30), headers: whole.headers },
        { name: 'truncated in the headers', payload: whole.payload.subarray(0, 20), headers: whole.headers },
        { name: 'no boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } },
        { name: 'another boundary', payload: whole.payload, headers: { 'content-type': 'multipart/form-data; boundary=----not-this-one' } },
        { name: 'empty body', payload: '', headers: whole.headers },
        {
          name: 'no closing boundary',
          payload: Buffer.concat([whole.payload.subarray(0, whole.payload.indexOf(`--${boundary}--`))]),
          headers: whole.headers,
        },
        { name: 'garbage', payload: Buffer.from('\u0000\u0001\u0002 not multipart at all \r\n\r\n--'), headers: whole.headers },
        { name: 'JSON instead', payload: JSON.stringify({ [field]: 'x' }), headers: { 'content-type': 'application/json' } },
        { name: 'plain text instead', payload: 'hello', headers: { 'content-type': 'text/plain' } },
        // Well-formed, with a NUL in the text fields and the file name: taken (the name cleaned) or refused, never a 500.
        {
          name: 'NUL in a text field',
          wellFormed: true,
          ...multipartBody([
            ...Object.entries(extra).map(([name, data]) => ({ name, data: `${data}\u0000` })),
            { name: field, data: png, filename: 'x\u0000.png', contentType: 'image/png' },
          ]),
        },
      ];
    };

    it.each(uploads)('$url: 4xx for each malformed body', async (upload) => {
      const route: Route = { method: 'POST', url: upload.url, side: upload.side };
      const failures: string[] = [];
      for (const variant of variants(upload.field, upload.extra)) {
        const res = await send(route, { url: pathOf(upload.url), payload: variant.payload, headers: variant.headers });
        if (res.status >= 500 || (res.status < 400 && !variant.wellFormed))
          failures.push(`${variant.name} → ${res.status} ${res.text.slice(0, 160)}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
