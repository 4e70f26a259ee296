import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '@mawingu/contracts/call';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const contracts = path.resolve(import.meta.dirname, '../../../../../packages/contracts/src/admin');

/** Every descriptor of the console's `admin/*-calls.ts` files. */
async function consoleCalls(): Promise<Call[]> {
  const files = fs.readdirSync(contracts).filter((file) => file.endsWith('-calls.ts'));
  const modules = await Promise.all(files.map((file) => import(path.join(contracts, file)) as Promise<Record<string, Call>>));
  return modules.flatMap((module) => Object.values(module));
}

/** The SPA sends what the contracts' call descriptors say: each must name a route the console's API has. */
describe('console call descriptors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let calls: Call[];
  beforeAll(async () => {
    calls = await consoleCalls();
  });

  it('name a registered route each (method, path and parameter names)', () => {
    const routes = new Set(t.app.adminRouteTable.map((route) => `${route.method} ${route.url}`));
    expect(calls.length).toBeGreaterThanOrEqual(60);
    const unknown = calls.map((call) => `${call.method} /api/admin/${call.path}`).filter((name) => !routes.has(name));
    expect(unknown).toEqual([]);
  });

  it('name the schemas their route validates and answers with', async () => {
    const differing: string[] = [];
    for (const call of calls) {
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
