import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceBuyer, InvoiceSeller } from '@mawingu/contracts/invoices';
import { companies } from './companies.ts';
import { customers } from './accounts.ts';
import { files } from './files.ts';
import { orders } from './orders.ts';
import { legalEntities } from './legal-entities.ts';

/** Where one trip to a gateway stands (DOMAIN.md): only a verified gateway result moves it on. */
export const ATTEMPT_STATES = ['started', 'paid', 'failed', 'cancelled'] as const;
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/**
 * One trip to a payment gateway (or the bypass) for an order; an order may have several (a retry
 * after a failure is a new attempt with a new reference). The amount and currency are what the
 * gateway must confirm: the order's total, or its USD conversion for the PayPal-type gateway.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'payfast' | 'ozow' | 'pesapal' | 'paypal' | 'bypass'. */
    gateway: text('gateway').notNull(),
    /** Unique: what the gateway carries back (m_payment_id, TransactionReference, merchant reference, reference_id). */
    reference: text('reference').notNull().unique(),
    /** The gateway's id once known (PayPal order id, Pesapal tracking id, pf_payment_id, Ozow TransactionId). */
    gatewayReference: text('gateway_reference'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /**
     * 1 unit of the order's currency in `currency`, as used to convert the order's total when the
     * gateway is charged in another currency (ZAR → USD for PayPal); null when charged in the order's own.
     */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }),
    /** A sandbox or test transaction: its invoice is a proforma. */
    test: boolean('test').notNull().default(false),
    status: text('status', { enum: ATTEMPT_STATES }).notNull().default('started'),
    /** The gateway's own status word as last verified (COMPLETE, Complete, COMPLETED, …). */
    gatewayStatus: text('gateway_status'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    // One gateway transaction pays one attempt (so one order): a genuine transaction re-sent for
    // another attempt is refused. Several attempts may still have no id yet (NULLs are distinct).
    uniqueIndex('payment_attempts_gateway_ref_key').on(t.gateway, t.gatewayReference),
  ],
);

/** Every raw return or notification a gateway sent, verified or not, with what we made of it. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: serial('id').primaryKey(),
    /** Null when the message named no attempt of ours (unknown order). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    /** 'notification' | 'return' | 'cancel' | 'reconcile' | 'bypass'. */
    channel: text('channel').notNull(),
    /** 'paid' | 'failed' | 'cancelled' | 'pending' | 'refused' | 'retry' | 'duplicate'. */
    outcome: text('outcome').notNull(),
    /** Why a message was refused (signature, amount, …); never shown to payers. */
    reason: text('reason'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('gateway_events_attempt_idx').on(t.attemptId)],
);

/**
 * An invoice issued when its order became paid; it never changes after issue. Numbers run per company.
 * `token` is the opaque, unguessable part of /DownloadInvoice/{token}; only the owner may open it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attemptId: integer('attempt_id').references(() => paymentAttempts.id),
    number: integer('number').notNull(),
    token: text('token').notNull().unique(),
    /** Test transaction: a "Proforma Invoice" without the Paid watermark. */
    proforma: boolean('proforma').notNull().default(false),
    /** Spec names: "PayFast Payment", …, or "Bypass". */
    paymentMode: text('payment_mode').notNull(),
    /** The gateway's transaction id (the spec's transactionID). */
    transactionId: text('transaction_id').notNull(),
    /** The company's details as printed when issued (an invoice never changes, even when the company moves). */
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    /** The customer's name and billing address as printed when issued. */
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** The legal entity whose series numbers it; null: the company's own series (its own details). */
    legalEntityId: integer('legal_entity_id').references(() => legalEntities.id),
    /** When the customer first received the PDF: what is downloaded after that is marked "Copy" (ADR 0111). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_order_uq').on(t.orderId),
    // One gap-free series per entity, and the company's own series for invoices without one.
    uniqueIndex('invoices_number_uq')
      .on(t.companyId, t.number)
      .where(sql`${t.legalEntityId} is null`),
    uniqueIndex('invoices_entity_number_uq')
      .on(t.legalEntityId, t.number)
      .where(sql`${t.legalEntityId} is not null`),
  ],
);

/** A Windows licence PDF the customer chose on the purchase screen, uploaded to the order after payment. */
export const orderLicences = pgTable(
  'order_licences',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [uniqueIndex('order_licences_order_uq').on(t.orderId)],
);
