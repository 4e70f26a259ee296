import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { etimsDevices, etimsDocuments, legalEntities } from '../../../db/schema.ts';
import { etimsReceiptUrl } from '../../../integrations/etims/etims.ts';

/** What a Kenyan document prints of eTIMS: "pending" until the control unit signs it, then its signature and QR. */
export type EtimsStamp =
  | { status: 'pending' | 'refused' }
  | {
      status: 'signed';
      rcptSign: string;
      intrlData: string;
      sdcId: string;
      mrcNo: string;
      rcptNo: number;
      totRcptNo: number;
      /** DD/MM/YYYY HH:MM:SS on the control unit's (Nairobi) clock. */
      signedAt: string;
      /** KRA's verification link, encoded in the QR code. */
      qrUrl: string;
    };

const readable = (t: string) =>
  /^\d{14}$/.test(t) ? `${t.slice(6, 8)}/${t.slice(4, 6)}/${t.slice(0, 4)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}` : t;

/** The eTIMS stamp of an invoice (creditNoteId absent) or of one of its credit notes; null when it does not go to eTIMS. */
export async function etimsStampOf(db: Db, invoiceId: number, creditNoteId?: number): Promise<EtimsStamp | null> {
  const [row] = await db
    .select({ doc: etimsDocuments, branchId: etimsDevices.branchId, baseUrl: etimsDevices.baseUrl, tin: legalEntities.taxNumber })
    .from(etimsDocuments)
    .innerJoin(legalEntities, eq(legalEntities.id, etimsDocuments.legalEntityId))
    .leftJoin(etimsDevices, eq(etimsDevices.legalEntityId, etimsDocuments.legalEntityId))
    .where(
      and(
        eq(etimsDocuments.invoiceId, invoiceId),
        creditNoteId === undefined ? isNull(etimsDocuments.creditNoteId) : eq(etimsDocuments.creditNoteId, creditNoteId),
      ),
    );
  if (!row) return null;
  const { doc } = row;
  if (doc.status !== 'signed' || !doc.rcptSign || !row.baseUrl || !row.branchId)
    return { status: doc.status === 'refused' ? 'refused' : 'pending' };
  return {
    status: 'signed',
    rcptSign: doc.rcptSign,
    intrlData: doc.intrlData ?? '',
    sdcId: doc.sdcId ?? '',
    mrcNo: doc.mrcNo ?? '',
    rcptNo: doc.rcptNo ?? 0,
    totRcptNo: doc.totRcptNo ?? 0,
    signedAt: readable(doc.sdcDateTime ?? ''),
    qrUrl: etimsReceiptUrl({ baseUrl: row.baseUrl, tin: row.tin, bhfId: row.branchId }, doc.rcptSign),
  };
}
