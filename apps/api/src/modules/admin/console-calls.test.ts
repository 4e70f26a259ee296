import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as access from '@mawingu/contracts/admin/access-calls';
import * as catalogue from '@mawingu/contracts/admin/catalogue-calls';
import * as companies from '@mawingu/contracts/admin/companies-calls';
import * as content from '@mawingu/contracts/admin/content-calls';
import * as customers from '@mawingu/contracts/admin/customers-calls';
import * as dashboard from '@mawingu/contracts/admin/dashboard-calls';
import * as payments from '@mawingu/contracts/admin/payments-calls';
import * as tickets from '@mawingu/contracts/admin/tickets-calls';
import type { Call } from '@mawingu/contracts/call';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const consoleCalls: Call[] = [access, catalogue, companies, content, customers, dashboard, payments, tickets].flatMap((area) =>
  Object.values(area),
);

/** The SPA sends what the contracts' call descriptors say: each must name a route the console's API has. */
describe('console call descriptors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('name a registered route each (method, path and parameter names)', () => {
    const routes = new Set(t.app.adminRouteTable.map((route) => `${route.method} ${route.url}`));
    expect(consoleCalls.length).toBeGreaterThanOrEqual(60);
    const unknown = consoleCalls.map((call) => `${call.method} /api/admin/${call.path}`).filter((name) => !routes.has(name));
    expect(unknown).toEqual([]);
  });

  it('name the schemas their route validates and answers with', async () => {
    const differing: string[] = [];
    for (const call of consoleCalls) {
      const name = `${call.method} /api/admin/${call.path}`;
      const schema = t.app.adminRouteTable.find((route) => `${route.method} ${route.url}` === name)?.schema;
      const { query, request, reply } = await call.schemas();
      const replyData = (schema?.response as Record<number, { shape?: { data?: unknown } }> | undefined)?.[200]?.shape?.data;
      if (query && schema?.querystring !== query) differing.push(`${name}: query`);
      if (request && schema?.body !== request) differing.push(`${name}: body`);
      if (reply && replyData !== reply) differing.push(`${name}: reply`);
    }
    expect(differing).toEqual([]);
  });
});
