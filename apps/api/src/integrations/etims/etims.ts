/**
 * The one port of Kenya's eTIMS (KRA's electronic Tax Invoice Management System), spoken
 * system-to-system through an online sales control unit (OSCU; ADR 0121). The adapter only speaks
 * the protocol: it never touches the database. The billing domain keeps the device, the items
 * registered and each document's state, and decides what to send.
 *
 * Every answer of KRA carries `resultCd` ("000" succeeded) and `resultMsg`. A refusal (any other
 * code) comes back as `{ ok: false, code, message }`; a network failure, a time-out or an answer
 * that is not eTIMS JSON throws EtimsUnreachable, which the caller retries later.
 */

/** Who speaks: the taxpayer's KRA PIN, its branch id at KRA ("00" the head office). */
export type EtimsBranch = { baseUrl: string; tin: string; bhfId: string };

/** What initialisation (selectInitOsdcInfo) answers: the key of every later call and the control unit's ids. */
export type EtimsDeviceInfo = { cmcKey: string; sdcId: string; mrcNo: string; taxpayerName: string };

/** An item (saveItem): a service sold, registered before the first document that names it. */
export type EtimsItem = {
  itemCd: string;
  /** KRA's item classification (UNSPSC-based, 10 digits). */
  itemClsCd: string;
  /** 1 raw material, 2 finished product, 3 service. */
  itemTyCd: '1' | '2' | '3';
  itemNm: string;
  /** Tax type A exempt, B 16 %, C 0 %, D non-VAT, E 8 %. */
  taxTyCd: EtimsTaxType;
  /** Decimal string, 2 decimals. */
  dftPrc: string;
};

export const ETIMS_TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type EtimsTaxType = (typeof ETIMS_TAX_TYPES)[number];

/** One line of a sale or credit note. Amounts are decimal strings with 2 decimals, never floats in our code. */
export type EtimsLine = {
  itemCd: string;
  itemClsCd: string;
  itemNm: string;
  qty: string;
  prc: string;
  splyAmt: string;
  dcAmt: string;
  taxTyCd: EtimsTaxType;
  taxblAmt: string;
  taxAmt: string;
  totAmt: string;
};

/** A sale (rcptTyCd S) or a credit note after a sale (R, naming the sale's invcNo in orgInvcNo). */
export type EtimsSale = {
  invcNo: number;
  /** 0 for a sale; the original sale's invcNo for a credit note. */
  orgInvcNo: number;
  /** Our own document number as printed ("KE-7", "KE-CN-2"). */
  trdInvcNo: string;
  rcptTyCd: 'S' | 'R';
  custTin: string | null;
  custNm: string;
  /** Credit note reason (06 refund, …); credit notes only. */
  rfdRsnCd?: string;
  /** Nairobi time, YYYYMMDDhhmmss. */
  cfmDt: string;
  /** Nairobi date, YYYYMMDD. */
  salesDt: string;
  /** Tax rate (percent) per tax type, e.g. { B: '16.00' }; the others are sent as 0. */
  rates: Partial<Record<EtimsTaxType, string>>;
  lines: EtimsLine[];
};

/** What the control unit answers for a signed document (printed on it). */
export type EtimsReceipt = {
  rcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  /** YYYYMMDDhhmmss, the control unit's time of signing. */
  sdcDateTime: string;
  /** Present when the answer names them (VSCU); the OSCU's come from initialisation. */
  sdcId?: string;
  mrcNo?: string;
  /** The trader's document number KRA holds with it (selectInvoiceDetails), to check it is ours. */
  trdInvcNo?: string;
};

export type EtimsRefusal = { ok: false; code: string; message: string };
export type EtimsAnswer<T> = { ok: true; value: T } | EtimsRefusal;

/** Result code of a document KRA already holds under this invcNo ("There is an overlapped Data"). */
export const ETIMS_DUPLICATE = '994';

export interface EtimsPort {
  initialise(branch: EtimsBranch, dvcSrlNo: string): Promise<EtimsAnswer<EtimsDeviceInfo>>;
  saveItem(branch: EtimsBranch, cmcKey: string, item: EtimsItem): Promise<EtimsAnswer<null>>;
  saveSale(branch: EtimsBranch, cmcKey: string, sale: EtimsSale): Promise<EtimsAnswer<EtimsReceipt>>;
  /** The signed receipt of a document KRA already holds (after a duplicate answer). */
  invoiceDetails(branch: EtimsBranch, cmcKey: string, invcNo: number): Promise<EtimsAnswer<EtimsReceipt | null>>;
}

export class EtimsUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EtimsUnreachable';
  }
}

/** KRA's published OSCU hosts (production, sandbox). */
export const ETIMS_PRODUCTION_API = 'https://etims-api.kra.go.ke/etims-api/';
export const ETIMS_SANDBOX_API = 'https://etims-api-sbx.kra.go.ke/etims-api/';

/**
 * The receipt's verification link at KRA, encoded in the document's QR code: the seller's PIN, its
 * branch id and the control unit's signature after `Data=`, on KRA's production portal when the
 * OSCU is KRA's production host, on the sandbox portal otherwise.
 */
export function etimsReceiptUrl(branch: EtimsBranch, rcptSign: string): string {
  const production = new URL(branch.baseUrl).host === new URL(ETIMS_PRODUCTION_API).host;
  const host = production ? 'etims.kra.go.ke' : 'etims-sbx.kra.go.ke';
  return `https://${host}/common/link/etims/receipt/indexEtimsReceiptData?Data=${branch.tin}${branch.bhfId}${rcptSign}`;
}
