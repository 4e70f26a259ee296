import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { customers } from './accounts.ts';
import { invoices, paymentAttempts } from './payments.ts';
import { legalEntities } from './legal-entities.ts';

/** What a credit note does to the VM it credits: nothing, or its service ends now (issue 18, point 3). */
export const CREDIT_SERVICE_ACTIONS = ['keep', 'end'] as const;
/** Where a refund stands: only a gateway's answer (or the operator's manual record) moves it on, once. */
export const REFUND_STATES = ['pending', 'completed', 'failed'] as const;

/**
 * A SARS s21 credit note against one invoice (ADR 0115): its own gap-free series per legal entity
 * (per company without one), printed as the invoice's series prefix + "CN-" + number. Amounts are
 * in the invoice's currency, VAT included in `total`; what the invoice still holds uncredited is the
 * invoice's total less the totals of its credit notes, checked under the invoice's row lock.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** The invoice's legal entity (its series); null: the company's own series. */
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    number: integer('number').notNull(),
    /** Opaque: the customer's PDF address. */
    token: text('token').notNull().unique(),
    reason: text('reason').notNull(),
    currency: text('currency').notNull(),
    amountExclVat: numeric('amount_excl_vat', { precision: 14, scale: 2 }).notNull(),
    vat: numeric('vat', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    serviceAction: text('service_action', { enum: CREDIT_SERVICE_ACTIONS }).notNull().default('keep'),
    /** The operator who issued it (audit_log has the rest). */
    operatorId: integer('operator_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('credit_notes_invoice_idx').on(t.invoiceId),
    uniqueIndex('credit_notes_number_uq')
      .on(t.companyId, t.number)
      .where(sql`${t.legalEntityId} is null`),
    uniqueIndex('credit_notes_entity_number_uq')
      .on(t.legalEntityId, t.number)
      .where(sql`${t.legalEntityId} is not null`),
  ],
);

/**
 * Money sent back for a credit note (ADR 0116): through the paying gateway's refund API (PayPal),
 * or recorded by the operator as a manual refund (EFT). `amount` is in the invoice's currency;
 * `chargedAmount`/`chargedCurrency` what goes back through the gateway (PayPal's USD). `reference` is
 * ours and unique: the gateway's idempotency key, so a retried call never refunds twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    /** The paying attempt the money goes back through; null for a manual refund of a bypass or manual payment. */
    attemptId: integer('attempt_id').references(() => paymentAttempts.id),
    /** 'paypal' (through its API) or 'manual' (EFT, recorded by the operator). */
    method: text('method').notNull(),
    reference: text('reference').notNull().unique(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    chargedAmount: numeric('charged_amount', { precision: 14, scale: 2 }).notNull(),
    chargedCurrency: text('charged_currency').notNull(),
    status: text('status', { enum: REFUND_STATES }).notNull().default('pending'),
    /** The gateway's refund id (PayPal refund id) or the bank's reference of a manual refund. */
    gatewayReference: text('gateway_reference'),
    gatewayStatus: text('gateway_status'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refunds_credit_note_uq').on(t.creditNoteId), index('refunds_attempt_idx').on(t.attemptId)],
);
