import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRdap, type FakeRdap } from '../../../../../../tools/fakes/rdap.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { takenDomains } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://portal.acme-cloud.example';
const ZEBRA = 'https://zebra-hosting.example';

describe('marketplace/checkDomain on the local list (the embedded default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const acme = await upsertCompany(t.database.db, completeCompany('acme', 'Acme Cloud'), [ACME]);
    const zebra = await upsertCompany(t.database.db, completeCompany('zebra', 'Zebra Hosting'), [ZEBRA]);
    await t.database.db.insert(takenDomains).values([
      { companyId: acme.id, domain: 'acme-taken.com' },
      { companyId: zebra.id, domain: 'zebra-taken.com' },
    ]);
  });
  afterAll(() => t.close());

  it('answers a taken name with 409 "This Domain is already taken."', async () => {
    const res = await post(t.app, 'marketplace/checkDomain', { domainName: 'Acme-Taken', websiteUrl: ACME });
    expect(res.http).toBe(409);
    expect(res.body).toEqual({
      status: 409,
      message: 'This Domain is already taken.',
      data: { domainName: 'acme-taken.com', available: false },
    });
  });

  it('answers a free name with 200, with or without the .com the UI appends', async () => {
    for (const domainName of ['fresh-name', 'fresh-name.com']) {
      const res = await post(t.app, 'marketplace/checkDomain', { domainName, websiteUrl: ACME });
      expect(res.http).toBe(200);
      expect(res.body).toEqual({
        status: 200,
        message: 'This Domain is available.',
        data: { domainName: 'fresh-name.com', available: true },
      });
    }
  });

  it('uses the calling company’s list only', async () => {
    expect((await post(t.app, 'marketplace/checkDomain', { domainName: 'zebra-taken', websiteUrl: ACME })).http).toBe(200);
    expect((await post(t.app, 'marketplace/checkDomain', { domainName: 'zebra-taken', websiteUrl: ZEBRA })).http).toBe(409);
  });

  it('names domainName when it is empty or not a DNS label', async () => {
    const cases: [unknown, string][] = [
      ['', 'Domain name required'],
      [undefined, 'Domain name required'],
      ['-leading', 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen'],
      ['trailing-', 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen'],
      ['has space', 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen'],
      ['dots.co.za', 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen'],
      ['a'.repeat(64), 'Use 1 to 63 letters, digits or hyphens, not starting or ending with a hyphen'],
    ];
    for (const [domainName, message] of cases) {
      const res = await post(t.app, 'marketplace/checkDomain', { domainName, websiteUrl: ACME });
      expect(res.http, String(domainName)).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ domainName: message });
    }
    expect((await post(t.app, 'marketplace/checkDomain', { domainName: 'a'.repeat(63), websiteUrl: ACME })).http).toBe(200);
  });

  it('answers an unknown site with 404', async () => {
    const res = await post(t.app, 'marketplace/checkDomain', { domainName: 'anything', websiteUrl: 'https://stranger.example' });
    expect(res.http).toBe(404);
  });
});

describe('marketplace/checkDomain with DOMAIN_CHECK=rdap', () => {
  let t: TestContext;
  let fake: FakeRdap;
  beforeAll(async () => {
    fake = await startFakeRdap({ taken: ['registered.com'], broken: ['broken.com'] });
    t = await createTestApp({ DOMAIN_CHECK: 'rdap', RDAP_URL: fake.url });
    await upsertCompany(t.database.db, completeCompany('acme', 'Acme Cloud'), [ACME]);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('asks the registry', async () => {
    expect((await post(t.app, 'marketplace/checkDomain', { domainName: 'registered', websiteUrl: ACME })).http).toBe(409);
    expect((await post(t.app, 'marketplace/checkDomain', { domainName: 'unregistered', websiteUrl: ACME })).http).toBe(200);
    expect(fake.requests).toEqual(['/domain/registered.com', '/domain/unregistered.com']);
  });

  it('answers 503 with a clear message when the registry fails', async () => {
    const res = await post(t.app, 'marketplace/checkDomain', { domainName: 'broken', websiteUrl: ACME });
    expect(res.http).toBe(503);
    expect(res.body).toEqual({ status: 503, message: 'The domain check is not available right now. Please try again later.', data: null });
  });
});
