import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { queuedMails } from '../../../test/queued-mails.ts';
import { createLocalFileStore } from '../../integrations/storage/local-file-store.ts';
import { createFileService } from '../../modules/tenant/files/service.ts';
import { customers } from '../schema.ts';
import { seedDemo } from './demo-company.ts';
import { DEMO_CUSTOMER } from './demo-customer.ts';

const ORIGIN = 'http://localhost:3999';

describe('the demo customer', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
    const files = createFileService(t.database.db, createLocalFileStore(`${t.config.dataDir}/files`));
    await seedDemo(t.database.db, files, ORIGIN);
    await seedDemo(t.database.db, files, ORIGIN);
  });
  afterAll(() => t.close());

  it('is seeded once, verified, and can log in with the README’s password', async () => {
    const rows = await t.database.db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailVerifiedAt).toBeInstanceOf(Date);

    const login = await post(t.app, 'login', { emailID: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, websiteUrl: ORIGIN });
    expect(login.http).toBe(200);
    const OTP = (await queuedMails(t, DEMO_CUSTOMER.email)).at(-1)!.text.match(/^(\d{6})$/m)![1]!;
    const verified = await post(t.app, 'twoFactorAuth', { emailID: DEMO_CUSTOMER.email, ID: login.body.data.ID, OTP, websiteUrl: ORIGIN });
    expect(verified.http).toBe(200);
    expect(verified.body.data[0].userDetail).toMatchObject({ FirstName: 'Demo', LastName: 'Customer' });
  });

  it('is left out when the seed is told so (production)', async () => {
    const fresh = await createTestApp();
    try {
      const files = createFileService(fresh.database.db, createLocalFileStore(`${fresh.config.dataDir}/files`));
      const company = await seedDemo(fresh.database.db, files, ORIGIN, { demoCustomer: false });
      const rows = await fresh.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, company.id), eq(customers.email, DEMO_CUSTOMER.email)));
      expect(rows).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});
