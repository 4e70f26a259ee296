import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

const ACME = 'https://acme-console.example';
const ZEBRA = 'https://zebra-console.example';

describe('console companies', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let owner: SignedInOperator;
  let acmeAdmin: SignedInOperator;
  let acmeSupport: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-console', 'Acme Cloud'), [ACME])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-console', 'Zebra Hosting'), [ZEBRA])).id;
    owner = await signInOperator(t, 'owner');
    acmeAdmin = await signInOperator(t, 'admin', acmeId);
    acmeSupport = await signInOperator(t, 'support', acmeId);
  });
  afterAll(() => t.close());

  describe('GET /companies', () => {
    it('lists every company for the owner, by name', async () => {
      const res = await adminCall(t, owner, 'GET', '/companies');
      expect(res.http).toBe(200);
      expect(res.body.data).toEqual([
        { id: acmeId, name: 'Acme Cloud', slug: 'acme-console' },
        { id: zebraId, name: 'Zebra Hosting', slug: 'zebra-console' },
      ]);
    });

    it('lists only their own company for an admin and for support', async () => {
      for (const who of [acmeAdmin, acmeSupport]) {
        const res = await adminCall(t, who, 'GET', '/companies');
        expect(res.http).toBe(200);
        expect(res.body.data).toEqual([{ id: acmeId, name: 'Acme Cloud', slug: 'acme-console' }]);
      }
    });

    it('refuses a call without a console session (401)', async () => {
      const res = await adminCall(t, null, 'GET', '/companies');
      expect(res.http).toBe(401);
      expect(res.body.data).toBeNull();
    });
  });
});
