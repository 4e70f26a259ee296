import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, menuItems } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';

const ACME = 'https://portal.acme-cloud.example';
const ZEBRA = 'https://zebra-hosting.example';

describe('white-label company configuration', () => {
  let t: TestContext;
  let acmeId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await upsertCompany(
      t.database.db,
      { ...completeCompany('acme', 'Acme Cloud'), facebook: 'https://facebook.com/acme', brandColor: '#e8590c' },
      [ACME],
    );
    acmeId = acme.id;
    const zebra = await upsertCompany(t.database.db, { ...completeCompany('zebra', 'Zebra Hosting'), city: 'Nairobi', country: 'Kenya' }, [
      ZEBRA,
    ]);
    await t.database.db.insert(menuItems).values([
      { companyId: acme.id, menuName: 'Acme Perks', redirectUrl: 'https://acme.example/perks' },
      { companyId: zebra.id, menuName: 'Zebra Deals', redirectUrl: 'https://zebra.example/deals' },
    ]);
  });
  afterAll(() => t.close());

  it('answers each origin with its own company only', async () => {
    const acme = await post(t.app, 'getCompanyConfiguration', { customerUrl: ACME });
    const zebra = await post(t.app, 'getCompanyConfiguration', { customerUrl: ZEBRA });
    expect(acme.http).toBe(200);
    expect(acme.body.status).toBe(200);
    expect(acme.body.data).toMatchObject({
      companyName: 'Acme Cloud',
      websiteUrl: ACME,
      facebook: 'https://facebook.com/acme',
      brandColor: '#e8590c',
    });
    expect(zebra.body.data).toMatchObject({ companyName: 'Zebra Hosting', city: 'Nairobi', country: 'Kenya', facebook: '' });
    expect(JSON.stringify(zebra.body)).not.toContain('Acme');
  });

  it('matches an origin whatever the path, case or trailing slash of the site URL', async () => {
    const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: 'HTTPS://Portal.Acme-Cloud.example/home/' });
    expect(res.body.data.companyName).toBe('Acme Cloud');
  });

  it('falls back to the Origin header when the body has no usable site URL', async () => {
    const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: 'not a url' }, { origin: ZEBRA });
    expect(res.body.data.companyName).toBe('Zebra Hosting');
  });

  it('gives an unknown origin the not-registered state and nobody else’s data', async () => {
    const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: 'https://stranger.example' });
    expect(res.http).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'Company not registered yet', data: null });
  });

  it('names the missing field with a 400 envelope', async () => {
    const res = await post(t.app, 'getCompanyConfiguration', {});
    expect(res.http).toBe(400);
    expect(res.body.status).toBe(400);
    expect(Object.keys(res.body.data.fieldErrors)).toEqual(['customerUrl']);
  });

  it('replies 300 with the message and the configuration while maintenance is on', async () => {
    await t.database.db
      .update(companies)
      .set({ maintenanceMode: true, maintenanceMessage: 'Back at 14:00 SAST', maintenanceRedirect: 'https://status.acme.example' })
      .where(eq(companies.id, acmeId));
    await t.modules.platform.caches.invalidate('company', acmeId);
    const res = await post(t.app, 'getCompanyConfiguration', { customerUrl: ACME });
    expect(res.http).toBe(300);
    expect(res.body.status).toBe(300);
    expect(res.body.message).toBe('Back at 14:00 SAST');
    expect(res.body.data).toMatchObject({ companyName: 'Acme Cloud', maintenanceModeRedirect: 'https://status.acme.example' });

    await t.database.db.update(companies).set({ maintenanceMode: false }).where(eq(companies.id, acmeId));
    await t.modules.platform.caches.invalidate('company', acmeId);
    expect((await post(t.app, 'getCompanyConfiguration', { customerUrl: ACME })).http).toBe(200);
  });

  it('lists the Benefits menu of the calling company only', async () => {
    const acme = await post(t.app, 'getDropdownList', { customerUrl: ACME });
    expect(acme.body).toEqual({
      status: 200,
      message: 'Success',
      data: [{ menuName: 'Acme Perks', redirectURL: 'https://acme.example/perks' }],
    });
    const unknown = await post(t.app, 'getDropdownList', { customerUrl: 'https://stranger.example' });
    expect(unknown.http).toBe(404);
  });
});
