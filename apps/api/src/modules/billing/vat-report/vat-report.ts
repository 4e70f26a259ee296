import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { vatReportMessages as texts, type VatRateRow, type VatReport, type VatReportQuery } from '@mawingu/contracts/admin/vat-report';
import { Money, formatCents } from '@mawingu/contracts/pricing/money';
import type { Db } from '../../../db/client.ts';
import { creditNotes, invoices, legalEntities, refunds } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { orderAmountsOf } from '../../orders/index.ts';
import { companyNameOf } from '../../tenant/index.ts';
import { creditNoteSerial } from '../credit-notes/issue-credit-note.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';

/** Invoices of the company's own series are dated in South African time (as before legal entities). */
const COMPANY_TIME_ZONE = 'Africa/Johannesburg';

type Query = Required<Pick<VatReportQuery, 'from' | 'to'>> & { seller: string };
export type Seller = { legalEntityId: number | null; name: string; taxNumber: string; timeZone: string };

/** One tax document of the period, as the report and its CSV need it. */
export type LedgerInvoice = {
  serial: string;
  issuedAt: Date;
  buyer: { name: string; companyName: string; vatNumber: string };
  orderId: number;
  currency: string;
  rate: string;
  net: Money;
  vat: Money;
  gross: Money;
  paymentMode: string;
  transactionId: string;
};
export type LedgerCreditNote = Omit<LedgerInvoice, 'orderId' | 'paymentMode' | 'transactionId'> & { invoiceSerial: string; reason: string };

/**
 * The period's tax documents of one seller (issue 18, point 5): its tax invoices and credit notes,
 * dated by the seller's own days, sandbox proformas left out. Amounts come from the orders through
 * the orders domain (`orderAmountsOf`); a credit note carries its own.
 */
export function createVatLedger(db: Db) {
  async function sellersOf(companyId: number) {
    return db
      .select({ id: legalEntities.id, name: legalEntities.name, taxNumber: legalEntities.taxNumber, timeZone: legalEntities.timeZone })
      .from(legalEntities)
      .where(eq(legalEntities.companyId, companyId))
      .orderBy(asc(legalEntities.name));
  }

  async function sellerOf(companyId: number, seller: string): Promise<Seller> {
    if (seller === 'company')
      return { legalEntityId: null, name: (await companyNameOf(db, companyId)) ?? '', taxNumber: '', timeZone: COMPANY_TIME_ZONE };
    const entity = (await sellersOf(companyId)).find((e) => e.id === Number(seller));
    if (!entity) throw AppError.badRequest(texts.sellerInvalid, { seller: texts.sellerInvalid });
    return { legalEntityId: entity.id, name: entity.name, taxNumber: entity.taxNumber, timeZone: entity.timeZone };
  }

  /** From the seller's midnight of `from` to its midnight after `to`. */
  const within = (column: AnyPgColumn, q: Query, timeZone: string) =>
    sql`${column} >= (${q.from}::date)::timestamp at time zone ${timeZone} and ${column} < (${q.to}::date + 1)::timestamp at time zone ${timeZone}`;

  async function documents(companyId: number, q: Query) {
    const seller = await sellerOf(companyId, q.seller);
    const series = (column: AnyPgColumn) => (seller.legalEntityId === null ? isNull(column) : eq(column, seller.legalEntityId));
    const invoiceRows = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          series(invoices.legalEntityId),
          eq(invoices.proforma, false),
          within(invoices.issuedAt, q, seller.timeZone),
        ),
      )
      .orderBy(asc(invoices.number));
    const noteRows = await db
      .select({ note: creditNotes, invoice: invoices })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(
        and(
          eq(creditNotes.companyId, companyId),
          series(creditNotes.legalEntityId),
          eq(invoices.proforma, false),
          within(creditNotes.issuedAt, q, seller.timeZone),
        ),
      )
      .orderBy(asc(creditNotes.number));
    const amounts = await orderAmountsOf(db, [...new Set([...invoiceRows, ...noteRows.map((r) => r.invoice)].map((i) => i.orderId))]);
    const buyerOf = (invoice: typeof invoices.$inferSelect) => ({
      name: `${invoice.buyer.firstName} ${invoice.buyer.lastName}`.trim(),
      companyName: invoice.buyer.companyName,
      vatNumber: invoice.buyer.vatNumber,
    });
    const ledgerInvoices: LedgerInvoice[] = invoiceRows.map((invoice) => {
      const order = amounts.get(invoice.orderId)!;
      const gross = new Money(order.total);
      const vat = new Money(order.tax);
      return {
        serial: serialNumberOf(invoice),
        issuedAt: invoice.issuedAt,
        buyer: buyerOf(invoice),
        orderId: invoice.orderId,
        currency: order.currency,
        rate: order.taxPercent,
        net: gross.minus(vat),
        vat,
        gross,
        paymentMode: invoice.paymentMode,
        transactionId: invoice.transactionId,
      };
    });
    const ledgerNotes: LedgerCreditNote[] = noteRows.map(({ note, invoice }) => ({
      serial: creditNoteSerial(invoice.seller.seriesPrefix, note.number),
      invoiceSerial: serialNumberOf(invoice),
      issuedAt: note.issuedAt,
      buyer: buyerOf(invoice),
      currency: note.currency,
      rate: amounts.get(invoice.orderId)!.taxPercent,
      net: new Money(note.amountExclVat),
      vat: new Money(note.vat),
      gross: new Money(note.total),
      reason: note.reason,
    }));
    return { seller, invoices: ledgerInvoices, creditNotes: ledgerNotes, noteIds: noteRows.map((r) => r.note.id) };
  }

  /** The report: documents summed by currency and rate, invoices less credit notes, refunds done. */
  async function report(companyId: number, q: Query): Promise<VatReport> {
    const { seller, invoices: sold, creditNotes: credited, noteIds } = await documents(companyId, q);
    const byRate = (docs: { currency: string; rate: string; net: Money; vat: Money; gross: Money }[]): VatRateRow[] => {
      const groups = new Map<string, { currency: string; rate: string; count: number; net: Money; vat: Money; gross: Money }>();
      for (const d of docs) {
        const key = `${d.currency} ${d.rate}`;
        const g = groups.get(key) ?? {
          currency: d.currency,
          rate: d.rate,
          count: 0,
          net: new Money(0),
          vat: new Money(0),
          gross: new Money(0),
        };
        groups.set(key, { ...g, count: g.count + 1, net: g.net.plus(d.net), vat: g.vat.plus(d.vat), gross: g.gross.plus(d.gross) });
      }
      return [...groups.values()]
        .sort((a, b) => a.currency.localeCompare(b.currency) || Number(a.rate) - Number(b.rate))
        .map((g) => ({
          currency: g.currency,
          rate: g.rate,
          count: g.count,
          net: formatCents(g.net),
          vat: formatCents(g.vat),
          gross: formatCents(g.gross),
        }));
    };
    const currencies = [...new Set([...sold, ...credited].map((d) => d.currency))].sort();
    const total = (docs: typeof sold | typeof credited, currency: string, field: 'net' | 'vat' | 'gross') =>
      docs.filter((d) => d.currency === currency).reduce((s, d) => s.plus(d[field]), new Money(0));
    const refundRows =
      noteIds.length === 0
        ? []
        : await db
            .select({ currency: refunds.currency, amount: sql<string>`sum(${refunds.amount})::text` })
            .from(refunds)
            .where(and(eq(refunds.companyId, companyId), eq(refunds.status, 'completed'), inArray(refunds.creditNoteId, noteIds)))
            .groupBy(refunds.currency)
            .orderBy(asc(refunds.currency));
    const sellers = [
      { value: 'company', label: (await companyNameOf(db, companyId)) ?? '' },
      ...(await sellersOf(companyId)).map((e) => ({ value: String(e.id), label: e.name })),
    ];
    return {
      seller: { name: seller.name, taxNumber: seller.taxNumber, timeZone: seller.timeZone },
      from: q.from,
      to: q.to,
      sellers,
      invoices: byRate(sold),
      creditNotes: byRate(credited),
      totals: currencies.map((currency) => ({
        currency,
        net: formatCents(total(sold, currency, 'net').minus(total(credited, currency, 'net'))),
        vat: formatCents(total(sold, currency, 'vat').minus(total(credited, currency, 'vat'))),
        gross: formatCents(total(sold, currency, 'gross').minus(total(credited, currency, 'gross'))),
      })),
      refunded: refundRows.map((r) => ({ currency: r.currency, amount: formatCents(new Money(r.amount)) })),
    };
  }

  return { documents, report };
}

export type VatLedger = ReturnType<typeof createVatLedger>;
