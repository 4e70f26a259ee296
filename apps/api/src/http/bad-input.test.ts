import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { fieldsOf, HUGE_IDS, NUL, openBadInputWorld, sample, type BadInputWorld, type Route } from './bad-input.test-helper.ts';

/** Issue 13 (point 7): ids beyond PostgreSQL's integer and NUL bytes, in every route that takes them. */
describe('bad input is a 4xx, never a 500: ids and NUL bytes', () => {
  let t: TestContext;
  let acmeId: number;
  let routes: Route[];
  let asOwner: BadInputWorld['asOwner'];
  let asCustomer: BadInputWorld['asCustomer'];
  let pathOf: BadInputWorld['pathOf'];
  let send: BadInputWorld['send'];
  let caughtByNet: BadInputWorld['caughtByNet'];

  beforeAll(async () => {
    ({ t, acmeId, routes, asOwner, asCustomer, pathOf, send, caughtByNet } = await openBadInputWorld());
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
});
