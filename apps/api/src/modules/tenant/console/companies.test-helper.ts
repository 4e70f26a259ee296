import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { auditLog } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';

export const ACME = 'https://acme-console.example';
export const ZEBRA = 'https://zebra-console.example';

export type CompaniesWorld = Awaited<ReturnType<typeof openCompaniesWorld>>;

/**
 * A world for the console's companies: Acme and Zebra, the platform owner, Acme's admin and
 * support, Zebra's admin; calls for the customer site's configuration, the settings and uploads.
 */
export async function openCompaniesWorld() {
  const t: TestContext = await createTestApp();
  const db = t.database.db;
  const acmeId: number = (await upsertCompany(db, completeCompany('acme-console', 'Acme Cloud'), [ACME])).id;
  const zebraId: number = (await upsertCompany(db, completeCompany('zebra-console', 'Zebra Hosting'), [ZEBRA])).id;
  const owner: SignedInOperator = await signInOperator(t, 'owner');
  const acmeAdmin: SignedInOperator = await signInOperator(t, 'admin', acmeId);
  const acmeSupport: SignedInOperator = await signInOperator(t, 'support', acmeId);
  const zebraAdmin: SignedInOperator = await signInOperator(t, 'admin', zebraId);

  const configuration = (origin: string) => post(t.app, 'getCompanyConfiguration', { customerUrl: origin });
  const put = (who: SignedInOperator | null, companyId: number, body: unknown) =>
    adminCall(t, who, 'PUT', `/companies/${companyId}/settings`, body);
  const upload = async (who: SignedInOperator, url: string, field: string, data: Buffer, filename: string, contentType: string) => {
    const form = multipartBody([{ name: field, data, filename, contentType }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      payload: form.payload,
      headers: { ...who.headers, ...form.headers },
    });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };
  const lastAudit = async (companyId: number, action: string) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  return { t, acmeId, zebraId, owner, acmeAdmin, acmeSupport, zebraAdmin, configuration, put, upload, lastAudit };
}
