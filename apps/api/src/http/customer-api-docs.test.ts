import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import { isCustomerApi } from './customer-api-docs.ts';

describe('/api/docs publishes the customer API only', () => {
  it.each([
    ['production', PRODUCTION_ENV],
    ['development', { NODE_ENV: 'development' }],
  ])('in %s: customer operations, and none of the operator console', async (_mode, env) => {
    const t = await createTestApp(env);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths as Record<string, unknown>);
      expect(paths).toEqual(expect.arrayContaining(['/api/getCompanyConfiguration', '/api/marketPlace/getProducts']));
      expect(paths.filter((p) => p.startsWith('/api/admin'))).toEqual([]);
      expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
      // The console itself still answers (behind its own login).
      expect(t.app.printRoutes({ commonPrefix: false })).toContain('/api/admin/');
    } finally {
      await t.close();
    }
  });

  it('tells console routes from customer ones by the path, not a look-alike', () => {
    expect(isCustomerApi('/api/admin')).toBe(false);
    expect(isCustomerApi('/api/admin/companies/:companyId/vms')).toBe(false);
    expect(isCustomerApi('/api/administrators')).toBe(true);
    expect(isCustomerApi('/dev/outbox.json')).toBe(false);
  });
});
