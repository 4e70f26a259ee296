import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalog from '@mawingu/contracts/catalog-calls';
import type { Call } from '@mawingu/contracts/call';
import * as domains from '@mawingu/contracts/domains-calls';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

const customerCalls: Call[] = [catalog, domains].flatMap((area) => Object.values(area));

/** The SPA sends what the contracts' call descriptors say: each must name a route of the customer API. */
describe('marketplace call descriptors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('name a registered route each', () => {
    expect(customerCalls.length).toBe(4);
    const unknown = customerCalls
      .filter((call) => !t.app.hasRoute({ method: call.method, url: `/api/${call.path}` }))
      .map((call) => `${call.method} ${call.path}`);
    expect(unknown).toEqual([]);
  });
});
