import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { authHeaders, signIn } from '../../test/sign-in.ts';
import { signInOperator } from '../../test/operator-sign-in.ts';
import { multipartBody } from '../../test/multipart.ts';
import { tickets } from '../db/schema.ts';
import { seedDemoCatalogue } from '../db/seed/demo-catalogue-seed.ts';
import { completeCompany, createCustomer, upsertCompany } from '../db/seed/factories.ts';
import { seedTicketIssueTypes } from '../db/seed/ticket-issue-types.ts';

/**
 * Fuzz-style cases of issue 13 (point 7), table-driven over every route that could meet them: bad
 * input is a 4xx, never a 500. Malformed multipart on every upload, a NUL in every string a caller
 * sends (PostgreSQL cannot store one), and ids beyond PostgreSQL's integer in every id a caller
 * sends (path and body). Bodies are built from each route's own schema, so new routes are covered.
 */

export const ACME = 'https://acme-fuzz.example';
export const NUL = 'a\u0000b';
/** Beyond int4 (2,147,483,647); the first is the review's own example. */
export const HUGE_IDS = ['99999999999', '2147483648', '-99999999999', '1e400', '9'.repeat(400)];

export type JsonSchema = {
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
export function sample(schema: JsonSchema, name = ''): unknown {
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
export function fieldsOf(schema: JsonSchema | undefined): { name: string; kind: 'string' | 'number' }[] {
  const s = schema ? firstOption(schema) : undefined;
  return Object.entries(s?.properties ?? {}).flatMap(([name, prop]): { name: string; kind: 'string' | 'number' }[] => {
    const kinds = [prop, ...(prop.anyOf ?? []), ...(prop.oneOf ?? [])].map(typeOf);
    if (kinds.includes('integer') || kinds.includes('number')) return [{ name, kind: 'number' }];
    if (kinds.includes('string') && !prop.enum && !firstOption(prop).enum) return [{ name, kind: 'string' }];
    return [];
  });
}

export type Route = { method: string; url: string; body?: JsonSchema; side: 'customer' | 'console' };

export type BadInputWorld = Awaited<ReturnType<typeof openBadInputWorld>>;

/**
 * Acme with the demo catalogue, a customer and a ticket (real ids for paths), every route of the
 * customer API (from its OpenAPI document) and of the console (from its route table), and a way to
 * call any of them signed in as the side it belongs to.
 */
export async function openBadInputWorld() {
  const t: TestContext = await createTestApp();
  const db = t.database.db;
  const acmeId: number = (await upsertCompany(db, completeCompany('acme-fuzz', 'Acme Fuzz'), [ACME])).id;
  await seedDemoCatalogue(db, acmeId);
  await seedTicketIssueTypes(db, acmeId);
  const customerId: number = (await createCustomer(db, acmeId, { email: 'fuzzed@acme-fuzz.example' })).id;

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
  const ticketId: number = (await db.select().from(tickets).where(eq(tickets.customerId, customerId)))[0]!.id;

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
  const routes: Route[] = [...customer, ...consoleRoutes];

  return { t, acmeId, routes, asOwner, asCustomer, pathOf, send, caughtByNet };
}
