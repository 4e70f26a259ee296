import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '@mawingu/contracts/call';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const contracts = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');

const isCall = (value: unknown): value is Call => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** Every descriptor of the customer side's `*-calls.ts` files (the console's are in admin/), in a family too (transactionUpdateCalls). */
async function customerCalls(): Promise<Call[]> {
  const files = fs.readdirSync(contracts).filter((file) => file.endsWith('-calls.ts'));
  const modules = await Promise.all(files.map((file) => import(path.join(contracts, file)) as Promise<Record<string, unknown>>));
  return modules
    .flatMap((module) => Object.values(module))
    .flatMap((value) => (isCall(value) ? [value] : Object.values(value as Record<string, unknown>).filter(isCall)));
}

/** The SPA sends what the contracts' call descriptors say: each must name a route of the customer API. */
describe('customer call descriptors', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('name a registered route each', async () => {
    const calls = await customerCalls();
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['marketPlace/getProducts', 'virtualMachine/transactionApiForUpdateVm']),
    );
    const unknown = calls
      .filter((call) => !t.app.hasRoute({ method: call.method, url: `/api/${call.path}` }))
      .map((call) => `${call.method} ${call.path}`);
    expect(unknown).toEqual([]);
  });
});
