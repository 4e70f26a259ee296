import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { legalEntities } from './legal-entities.ts';
import { invoices } from './payments.ts';
import { creditNotes } from './credit-notes.ts';

/**
 * A Kenyan legal entity's eTIMS online sales control unit (OSCU; ADR 0121): its branch at KRA,
 * the device serial KRA registered, the OSCU's base URL; once initialised (selectInitOsdcInfo)
 * the communication key, sealed (integrations/secrets/secret-box.ts) and never returned or logged,
 * and the control unit's ids KRA answered with. The entity's KRA PIN is its tax number (tin).
 */
export const etimsDevices = pgTable('etims_devices', {
  legalEntityId: integer('legal_entity_id')
    .primaryKey()
    .references(() => legalEntities.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  branchId: text('branch_id').notNull(),
  deviceSerial: text('device_serial').notNull(),
  baseUrl: text('base_url').notNull(),
  cmcKeySealed: text('cmc_key_sealed'),
  sdcId: text('sdc_id'),
  mrcNo: text('mrc_no'),
  initialisedAt: timestamp('initialised_at', { withTimezone: true }),
  /** What KRA (or the network) answered to the last initialisation that failed; null after a success. */
  initError: text('init_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** The items registered at KRA (saveItem) per entity: one per catalogue product invoiced (item key). */
export const etimsItems = pgTable(
  'etims_items',
  {
    id: serial('id').primaryKey(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    /** Ours: "product-12" (a catalogue product), "service" (an order without one). */
    itemKey: text('item_key').notNull(),
    /** KRA's item code as registered, e.g. KE3NTU0000001. */
    itemCode: text('item_code').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('etims_items_key_uq').on(t.legalEntityId, t.itemKey),
    uniqueIndex('etims_items_code_uq').on(t.legalEntityId, t.itemCode),
  ],
);

export const ETIMS_STATUSES = ['pending', 'signed', 'refused'] as const;
export type EtimsStatus = (typeof ETIMS_STATUSES)[number];

/**
 * An invoice or credit note of a Kenyan entity as submitted to eTIMS (saveTrnsSalesOsdc): pending
 * until the control unit signs it, refused with KRA's reason. `invcNo` is the document's number at
 * KRA, one series per entity for sales and credit notes, taken when first submitted and kept: a
 * resubmission sends the same number, so KRA never records a document twice.
 */
export const etimsDocuments = pgTable(
  'etims_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** Null: the invoice itself (receipt type S); set: this credit note of it (receipt type R). */
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ETIMS_STATUSES }).notNull().default('pending'),
    invcNo: integer('invc_no'),
    attempts: integer('attempts').notNull().default(0),
    /** KRA's refusal ("910 Request parameter error") or why it could not be sent yet. */
    lastError: text('last_error'),
    rcptNo: integer('rcpt_no'),
    totRcptNo: integer('tot_rcpt_no'),
    intrlData: text('intrl_data'),
    rcptSign: text('rcpt_sign'),
    sdcId: text('sdc_id'),
    mrcNo: text('mrc_no'),
    /** The control unit's time of signing, as it sent it (YYYYMMDDhhmmss, Nairobi). */
    sdcDateTime: text('sdc_date_time'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('etims_documents_invoice_uq')
      .on(t.invoiceId)
      .where(sql`${t.creditNoteId} is null`),
    uniqueIndex('etims_documents_credit_note_uq').on(t.creditNoteId),
    uniqueIndex('etims_documents_invc_no_uq').on(t.legalEntityId, t.invcNo),
    index('etims_documents_status_idx').on(t.companyId, t.status),
  ],
);
