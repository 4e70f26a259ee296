import { Money } from '@mawingu/contracts/pricing/money';
import type { InvoiceBuyer } from '@mawingu/contracts/invoices';
import type { EtimsLine, EtimsSale, EtimsTaxType } from '../../../integrations/etims/etims.ts';

/**
 * KRA's item classification of what we sell (cloud virtual machines: UNSPSC 81112003 "data center
 * services", KRA's 10-digit form). ADR 0121: checked against KRA's list (selectItemClsList) when a
 * real device is connected; one constant until then.
 */
export const ETIMS_ITEM_CLASS = '8111200300';

/** The tax type of a VAT rate: 16 % standard (B), 8 % (E), 0 % zero-rated (C). */
export function taxTypeOf(taxPercent: string): EtimsTaxType {
  const rate = new Money(taxPercent);
  if (rate.equals(8)) return 'E';
  if (rate.isZero()) return 'C';
  return 'B';
}

/** Our item code for KRA: KE (origin), 3 (a service), NT (packaging: none), U (unit), then a 7-digit sequence. */
export const itemCodeOf = (sequence: number) => `KE3NTU${String(sequence).padStart(7, '0')}`;

/** The item key of an order: its catalogue product, else the kind of order. */
export const itemKeyOf = (order: { productId: number | null; kind: number }) =>
  order.productId !== null ? `product-${order.productId}` : `order-kind-${order.kind}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment on Nairobi's clock (UTC+3 all year) as eTIMS writes it: YYYYMMDDhhmmss. */
export function nairobiStamp(at: Date): string {
  const d = new Date(at.getTime() + 3 * 3600_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

export type SaleSource = {
  invcNo: number;
  serialNumber: string;
  issuedAt: Date;
  buyer: InvoiceBuyer;
  item: { itemCd: string; name: string };
  order: { price: string; discount: string; tax: string; total: string; taxPercent: string };
  /** Set for a credit note: its figures and the original sale's invcNo. */
  creditNote?: { orgInvcNo: number; amountExclVat: string; vat: string; total: string };
};

/** The buyer as KRA records it: their KRA PIN when they gave one, their company's (or their own) name. */
function customerOf(buyer: InvoiceBuyer) {
  const pin = (buyer.kraPin ?? '').trim().toUpperCase();
  const name = buyer.companyName.trim() || `${buyer.firstName} ${buyer.lastName}`.trim();
  return { custTin: /^[A-Z]\d{9}[A-Z]$/.test(pin) ? pin : null, custNm: name };
}

/**
 * The document as eTIMS receives it: one line for what the order bought, at its frozen figures
 * (never recomputed). The taxable amount is what was charged before VAT (total − VAT), so the
 * line's total is the invoice's total to the cent; a credit note's line is its own net, VAT and total.
 */
export function saleOf(source: SaleSource): EtimsSale {
  const { order, creditNote } = source;
  const taxTyCd = taxTypeOf(order.taxPercent);
  const line: EtimsLine = creditNote
    ? {
        itemCd: source.item.itemCd,
        itemClsCd: ETIMS_ITEM_CLASS,
        itemNm: source.item.name,
        qty: '1',
        prc: creditNote.amountExclVat,
        splyAmt: creditNote.amountExclVat,
        dcAmt: '0.00',
        taxTyCd,
        taxblAmt: creditNote.amountExclVat,
        taxAmt: creditNote.vat,
        totAmt: creditNote.total,
      }
    : {
        itemCd: source.item.itemCd,
        itemClsCd: ETIMS_ITEM_CLASS,
        itemNm: source.item.name,
        qty: '1',
        prc: order.price,
        splyAmt: order.price,
        dcAmt: order.discount,
        taxTyCd,
        taxblAmt: new Money(order.total).minus(order.tax).toFixed(2),
        taxAmt: new Money(order.tax).toFixed(2),
        totAmt: new Money(order.total).toFixed(2),
      };
  const stamp = nairobiStamp(source.issuedAt);
  return {
    invcNo: source.invcNo,
    orgInvcNo: creditNote?.orgInvcNo ?? 0,
    trdInvcNo: source.serialNumber,
    rcptTyCd: creditNote ? 'R' : 'S',
    ...customerOf(source.buyer),
    ...(creditNote ? { rfdRsnCd: '06' } : {}),
    cfmDt: stamp,
    salesDt: stamp.slice(0, 8),
    rates: { [taxTyCd]: new Money(order.taxPercent).toFixed(2) },
    lines: [line],
  };
}
