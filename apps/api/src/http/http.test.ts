import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

describe('the HTTP envelope', () => {
  let t: TestContext;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test/explode', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
    t.app.addHook('onError', async (req) => {
      logged.push(String(req.id));
    });
  });
  afterAll(() => t.close());

  it('answers an unknown /api route with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/doesNotExist', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Route not found', data: null });
  });

  it('answers an unexpected error with a 500 envelope carrying the logged request id and no detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.status).toBe(500);
    expect(body.message).toBe('Something went wrong. Please try again later.');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('app.ts');
    expect(body.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toContain(body.data.requestId);
  });

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/getCompanyConfiguration',
      headers: { 'content-type': 'application/json' },
      payload: '{"customerUrl": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: null });
  });

  it('answers a wrong field type by naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/marketPlace/getProducts', payload: { websiteUrl: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toHaveProperty('websiteUrl');
  });

  it('publishes the contract as OpenAPI at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/getCompanyConfiguration', '/api/getDropdownList', '/api/marketPlace/getProducts']),
    );
    expect(spec.paths['/api/getCompanyConfiguration'].post.requestBody.content['application/json'].schema.required).toEqual([
      'customerUrl',
    ]);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/getDropdownList', payload: { customerUrl: 'https://x.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
