import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { customerNotes } from '../../../../db/schema.ts';
import { csvDocument } from '../../../../http/csv.ts';
import { billingPersonalData } from '../../../billing/index.ts';
import { savedPersonalData } from '../../../catalogue/index.ts';
import { contentPersonalData } from '../../../content/index.ts';
import { identityPersonalData, type PersonalRows } from '../../../identity/index.ts';
import { machinesPersonalData } from '../../../machines/index.ts';
import { ordersPersonalData } from '../../../orders/index.ts';
import { ticketsPersonalData } from '../../../support/index.ts';

/** Everything held about one customer, by kind (ADR 0119): what the JSON export is, and the CSV flattens. */
export type PersonalData = {
  exportedAt: string;
  company: { id: number };
  customerId: number;
  sections: Record<string, PersonalRows>;
};

/** Operators' notes on the customer: personal information about them, so theirs to see (POPIA s23). */
async function notesOf(db: Db, companyId: number, customerId: number): Promise<PersonalRows> {
  const rows = await db
    .select()
    .from(customerNotes)
    .where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, customerId)))
    .orderBy(asc(customerNotes.createdAt));
  return rows.map((n) => ({ text: n.body, by: n.authorName, createdAt: n.createdAt.toISOString() }));
}

/**
 * Gathers one customer's data from every domain that holds some, each through its own entry: the
 * profile and logins, orders, invoices, VMs and keys, tickets and their messages, saved
 * configurations, the newsletter consent and messages sent from their address, operators' notes.
 */
export async function gatherPersonalData(db: Db, companyId: number, customerId: number, email: string): Promise<PersonalData> {
  const parts = await Promise.all([
    identityPersonalData(db, companyId, customerId),
    ordersPersonalData(db, companyId, customerId),
    billingPersonalData(db, companyId, customerId),
    machinesPersonalData(db, companyId, customerId),
    ticketsPersonalData(db, companyId, customerId),
    savedPersonalData(db, companyId, customerId),
    contentPersonalData(db, companyId, email),
    notesOf(db, companyId, customerId).then((operatorNotes) => ({ operatorNotes })),
  ]);
  return { exportedAt: new Date().toISOString(), company: { id: companyId }, customerId, sections: Object.assign({}, ...parts) };
}

/**
 * The same data as one flat CSV (ADR 0119: one file a spreadsheet opens, not a zip): a row per
 * value, `section, record, field, value`, the record numbered from 1 within its section.
 */
export function personalDataCsv(data: PersonalData): string {
  const rows: (string | number | null)[][] = [];
  for (const [section, records] of Object.entries(data.sections)) {
    records.forEach((record, index) => {
      for (const [field, value] of Object.entries(record)) rows.push([section, index + 1, field, value === null ? '' : String(value)]);
    });
  }
  return csvDocument(['section', 'record', 'field', 'value'], rows);
}

/** Operators' notes on an erased customer are deleted with the rest (inside the caller's transaction). */
export async function eraseNotesOf(tx: Db, companyId: number, customerId: number): Promise<void> {
  await tx.delete(customerNotes).where(and(eq(customerNotes.companyId, companyId), eq(customerNotes.customerId, customerId)));
}
