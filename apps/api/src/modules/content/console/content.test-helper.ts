import { desc, eq } from 'drizzle-orm';
import { signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { auditLog } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';

export const ACME = 'https://acme-console-content.example';
export const ZEBRA = 'https://zebra-console-content.example';
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

export type ContentWorld = Awaited<ReturnType<typeof openContentWorld>>;

/**
 * The console content's world: Acme and Zebra, Acme's admin and support, the owner and Zebra's
 * admin, two Acme customers and one of Zebra; `lastAudit` and `upload` (an image to a content route).
 */
export async function openContentWorld() {
  const t = await createTestApp();
  const db = t.database.db;
  const acmeId = (await upsertCompany(db, completeCompany('acme-console-content', 'Acme Cloud'), [ACME])).id;
  const zebraId = (await upsertCompany(db, completeCompany('zebra-console-content', 'Zebra Hosting'), [ZEBRA])).id;
  const amani = await createCustomer(db, acmeId, { email: 'amani@content.example', firstName: 'Amani', lastName: 'Njoroge' });
  const thandi = await createCustomer(db, acmeId, { email: 'thandi@content.example', firstName: 'Thandi', lastName: 'Mokoena' });
  const zebraCustomer = await createCustomer(db, zebraId, { email: 'amani@zebra-content.example', firstName: 'Amani', lastName: 'Otieno' });
  const admin = await signInOperator(t, 'admin', acmeId);
  const support = await signInOperator(t, 'support', acmeId);
  const owner = await signInOperator(t, 'owner');
  const zebraAdmin = await signInOperator(t, 'admin', zebraId);

  const lastAudit = async (action: string) => {
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };

  const upload = async (who: SignedInOperator | null, url: string, bytes: Buffer, filename = 'picture.png', contentType = 'image/png') => {
    const form = multipartBody([{ name: 'image', data: bytes, filename, contentType }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      payload: form.payload,
      headers: { ...form.headers, ...(who?.headers ?? {}) },
    });
    return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any } };
  };
  return { t, acmeId, zebraId, admin, support, owner, zebraAdmin, amani, thandi, zebraCustomer, lastAudit, upload };
}
