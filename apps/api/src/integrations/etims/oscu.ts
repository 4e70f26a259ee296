import { Money } from '@mawingu/contracts/pricing/money';
import {
  ETIMS_TAX_TYPES,
  EtimsUnreachable,
  type EtimsAnswer,
  type EtimsBranch,
  type EtimsPort,
  type EtimsReceipt,
  type EtimsSale,
} from './etims.ts';

type Reply = { resultCd?: unknown; resultMsg?: unknown; resultDt?: unknown; data?: any };

const USER = { regrId: 'mawingu', regrNm: 'Mawingu billing', modrId: 'mawingu', modrNm: 'Mawingu billing' };
/** Amounts go out as JSON numbers (the OSCU's NUMBER(18,2)), made from our decimal strings. */
const num = (v: string) => Number(new Money(v).toFixed(2));
const sum = (values: string[]) => values.reduce((a, v) => a.plus(v), new Money('0')).toFixed(2);

/**
 * The OSCU adapter: JSON over HTTPS POST to `{baseUrl}{endpoint}`, with the `tin`, `bhfId` and
 * `cmcKey` headers after initialisation (KRA's OSCU specification; ADR 0121 lists the sources).
 */
export function createOscu(options: { timeoutMs?: number; fetch?: typeof fetch } = {}): EtimsPort {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  async function call(branch: EtimsBranch, endpoint: string, body: unknown, cmcKey?: string): Promise<Reply> {
    const url = new URL(endpoint, branch.baseUrl.endsWith('/') ? branch.baseUrl : `${branch.baseUrl}/`);
    const headers: Record<string, string> = { 'content-type': 'application/json', tin: branch.tin, bhfId: branch.bhfId };
    if (cmcKey) headers.cmcKey = cmcKey;
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new EtimsUnreachable(`eTIMS could not be reached (${endpoint}): ${(e as Error).message}`);
    }
    const text = await res.text();
    let parsed: Reply;
    try {
      parsed = JSON.parse(text) as Reply;
    } catch {
      throw new EtimsUnreachable(`eTIMS answered ${endpoint} with HTTP ${res.status} and no eTIMS reply`);
    }
    if (typeof parsed?.resultCd !== 'string')
      throw new EtimsUnreachable(`eTIMS answered ${endpoint} with HTTP ${res.status} and no result code`);
    return parsed;
  }

  const refusal = (r: Reply) => ({ ok: false as const, code: String(r.resultCd), message: String(r.resultMsg ?? '') });

  /** The OSCU's saveTrnsSalesOsdc names the receipt number curRcptNo and the time sdcDateTime; the VSCU rcptNo and vsdcRcptPbctDate. */
  function receiptOf(d: any): EtimsReceipt {
    const time = String(d.sdcDateTime ?? d.vsdcRcptPbctDate ?? '')
      .replace(/\D/g, '')
      .slice(0, 14);
    return {
      rcptNo: Number(d.curRcptNo ?? d.rcptNo),
      totRcptNo: Number(d.totRcptNo),
      intrlData: String(d.intrlData ?? ''),
      rcptSign: String(d.rcptSign ?? ''),
      sdcDateTime: time,
      ...(d.sdcId ? { sdcId: String(d.sdcId) } : {}),
      ...(d.mrcNo ? { mrcNo: String(d.mrcNo) } : {}),
      ...(d.trdInvcNo ? { trdInvcNo: String(d.trdInvcNo) } : {}),
    };
  }

  function saleBody(branch: EtimsBranch, sale: EtimsSale) {
    const band = (letter: string, field: 'taxblAmt' | 'taxAmt') =>
      num(sum(sale.lines.filter((l) => l.taxTyCd === letter).map((l) => l[field])));
    const bands: Record<string, number> = {};
    for (const letter of ETIMS_TAX_TYPES) {
      bands[`taxblAmt${letter}`] = band(letter, 'taxblAmt');
      bands[`taxRt${letter}`] = num(sale.rates[letter] ?? '0');
      bands[`taxAmt${letter}`] = band(letter, 'taxAmt');
    }
    return {
      tin: branch.tin,
      bhfId: branch.bhfId,
      trdInvcNo: sale.trdInvcNo.slice(0, 50),
      invcNo: sale.invcNo,
      orgInvcNo: sale.orgInvcNo,
      custTin: sale.custTin,
      custNm: sale.custNm.slice(0, 60),
      salesTyCd: 'N',
      rcptTyCd: sale.rcptTyCd,
      // KRA's payment types: 01 cash … 05 card, 06 mobile money, 07 other. Which means a gateway
      // used (card, M-Pesa, EFT) is not known here: "other", never a means the buyer did not use.
      pmtTyCd: '07',
      salesSttsCd: '02',
      cfmDt: sale.cfmDt,
      salesDt: sale.salesDt,
      stockRlsDt: null,
      cnclReqDt: null,
      cnclDt: null,
      rfdDt: sale.rcptTyCd === 'R' ? sale.cfmDt : null,
      rfdRsnCd: sale.rcptTyCd === 'R' ? (sale.rfdRsnCd ?? '06') : null,
      totItemCnt: sale.lines.length,
      ...bands,
      totTaxblAmt: num(sum(sale.lines.map((l) => l.taxblAmt))),
      totTaxAmt: num(sum(sale.lines.map((l) => l.taxAmt))),
      totAmt: num(sum(sale.lines.map((l) => l.totAmt))),
      prchrAcptcYn: 'N',
      remark: null,
      ...USER,
      receipt: { custTin: sale.custTin, rcptPbctDt: sale.cfmDt, prchrAcptcYn: 'N' },
      itemList: sale.lines.map((l, i) => ({
        itemSeq: i + 1,
        itemCd: l.itemCd,
        itemClsCd: l.itemClsCd,
        itemNm: l.itemNm.slice(0, 200),
        bcd: null,
        pkgUnitCd: 'NT',
        pkg: num(l.qty),
        qtyUnitCd: 'U',
        qty: num(l.qty),
        prc: num(l.prc),
        splyAmt: num(l.splyAmt),
        dcRt: new Money(l.splyAmt).isZero() ? 0 : num(new Money(l.dcAmt).times(100).dividedBy(l.splyAmt).toFixed(2)),
        dcAmt: num(l.dcAmt),
        taxTyCd: l.taxTyCd,
        taxblAmt: num(l.taxblAmt),
        taxAmt: num(l.taxAmt),
        totAmt: num(l.totAmt),
      })),
    };
  }

  return {
    async initialise(branch, dvcSrlNo) {
      const r = await call(branch, 'selectInitOsdcInfo', { tin: branch.tin, bhfId: branch.bhfId, dvcSrlNo });
      if (r.resultCd !== '000') return refusal(r);
      const info = r.data?.info ?? {};
      if (typeof info.cmcKey !== 'string' || info.cmcKey === '')
        throw new EtimsUnreachable('eTIMS initialised the device without a cmcKey');
      return {
        ok: true,
        value: {
          cmcKey: info.cmcKey,
          sdcId: String(info.sdcId ?? ''),
          mrcNo: String(info.mrcNo ?? ''),
          taxpayerName: String(info.taxprNm ?? ''),
        },
      };
    },

    async saveItem(branch, cmcKey, item) {
      const r = await call(
        branch,
        'saveItem',
        {
          tin: branch.tin,
          bhfId: branch.bhfId,
          ...item,
          itemNm: item.itemNm.slice(0, 200),
          itemStdNm: null,
          orgnNatCd: 'KE',
          pkgUnitCd: 'NT',
          qtyUnitCd: 'U',
          btchNo: null,
          bcd: null,
          dftPrc: num(item.dftPrc),
          addInfo: null,
          sftyQty: null,
          isrcAplcbYn: 'N',
          useYn: 'Y',
          ...USER,
        },
        cmcKey,
      );
      return r.resultCd === '000' ? { ok: true, value: null } : refusal(r);
    },

    async saveSale(branch, cmcKey, sale) {
      const r = await call(branch, 'saveTrnsSalesOsdc', saleBody(branch, sale), cmcKey);
      if (r.resultCd !== '000') return refusal(r);
      return { ok: true, value: receiptOf(r.data ?? {}) };
    },

    async invoiceDetails(branch, cmcKey, invcNo): Promise<EtimsAnswer<EtimsReceipt | null>> {
      const r = await call(branch, 'selectInvoiceDetails', { tin: branch.tin, bhfId: branch.bhfId, invcNo }, cmcKey);
      if (r.resultCd === '001') return { ok: true, value: null };
      if (r.resultCd !== '000') return refusal(r);
      const found = r.data?.salesList?.[0];
      return { ok: true, value: found ? receiptOf({ ...found, ...(found.receipt ?? {}) }) : null };
    },
  };
}
