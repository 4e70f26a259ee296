/**
 * A fake of KRA's eTIMS online sales control unit (OSCU; ADR 0121), written from KRA's published
 * OSCU API and independently of the product's adapter (integrations/etims/oscu.ts):
 *
 *   POST {base}/selectInitOsdcInfo   {tin, bhfId, dvcSrlNo} → data.info {…, sdcId, mrcNo, cmcKey}
 *   POST {base}/saveItem             headers tin, bhfId, cmcKey; {itemCd, itemClsCd, itemTyCd, …, taxTyCd, dftPrc}
 *   POST {base}/saveTrnsSalesOsdc    headers; {invcNo, orgInvcNo, rcptTyCd S|R, taxblAmtA…E, taxAmtA…E, itemList}
 *                                    → data {curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime}
 *   POST {base}/selectInvoiceDetails headers; {invcNo} → data.salesList[0] with its receipt
 *
 * Every answer is HTTP 200 with {resultCd, resultMsg, resultDt, data}: "000" succeeded, "001" no
 * search result, "900" no header information, "901" not a valid device, "902" device already
 * installed (data null: KRA does not hand the key out twice), "910" request parameter error, "994"
 * overlapped data (a second document with an invcNo already received). `control` sets up the
 * devices KRA registered, takes the service down (every connection dropped) and reads what it holds.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';

export type FakeSale = {
  tin: string;
  bhfId: string;
  invcNo: number;
  orgInvcNo: number;
  trdInvcNo: string;
  rcptTyCd: 'S' | 'R';
  custTin: string | null;
  body: Record<string, any>;
  curRcptNo: number;
  totRcptNo: number;
  rcptSign: string;
  intrlData: string;
  sdcDateTime: string;
};

export type EtimsControl = {
  /** Registers a device at KRA (only registered serials initialise). */
  registerDevice(tin: string, bhfId: string, serial: string): void;
  /** Every connection dropped while down, as when KRA's service is out. */
  outage(down: boolean): void;
  /** The next saveTrnsSalesOsdc is refused with this code and message. */
  refuseNextSale(code: string, message: string): void;
  /** The next saveTrnsSalesOsdc is recorded and signed, but its answer is lost (connection dropped). */
  loseNextSaleAnswer(): void;
  items: Array<{ tin: string; bhfId: string; itemCd: string; body: Record<string, any> }>;
  sales: FakeSale[];
  /** Every request received, endpoint and headers (the cmcKey masked), for the tests. */
  calls: Array<{ endpoint: string; resultCd: string }>;
  cmcKeyOf(tin: string, bhfId: string): string | undefined;
};

type Device = { tin: string; bhfId: string; serial: string; cmcKey: string | null; sdcId: string; mrcNo: string; receipts: number };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Nairobi time (UTC+3, no daylight saving) as YYYYMMDDhhmmss. */
function nairobiNow(): string {
  const d = new Date(Date.now() + 3 * 3600_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}
const cents = (v: unknown) => Math.round(Number(v) * 100);
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const code32 = (bytes: Buffer, length: number) =>
  [...bytes]
    .map((b) => BASE32[b % 32])
    .join('')
    .slice(0, length);

export function createFakeEtims(prefix = '/etims-api') {
  const devices: Device[] = [];
  const items: EtimsControl['items'] = [];
  const sales: FakeSale[] = [];
  const calls: EtimsControl['calls'] = [];
  let down = false;
  let refusal: { code: string; message: string } | null = null;
  let loseAnswer = false;

  const answer = (resultCd: string, resultMsg: string, data: unknown = null) => ({ resultCd, resultMsg, resultDt: nairobiNow(), data });
  const deviceOf = (req: FastifyRequest) => {
    const h = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
    const [tin, bhfId, cmcKey] = [h('tin'), h('bhfId'), h('cmcKey')];
    if (!tin || !bhfId || !cmcKey) return answer('900', 'There is no Header information');
    const device = devices.find((d) => d.tin === tin && d.bhfId === bhfId && d.cmcKey !== null && d.cmcKey === cmcKey);
    return device ?? answer('901', 'It is not valid device');
  };

  const control: EtimsControl = {
    registerDevice(tin, bhfId, serial) {
      const n = devices.length + 1;
      devices.push({ tin, bhfId, serial, cmcKey: null, sdcId: `KRACU0${pad(n, 9)}`, mrcNo: `WIS0${pad(n, 7)}`, receipts: 0 });
    },
    outage: (value) => void (down = value),
    refuseNextSale: (code, message) => void (refusal = { code, message }),
    loseNextSaleAnswer: () => void (loseAnswer = true),
    items,
    sales,
    calls,
    cmcKeyOf: (tin, bhfId) => devices.find((d) => d.tin === tin && d.bhfId === bhfId)?.cmcKey ?? undefined,
  };

  function checkSale(device: Device, b: Record<string, any>): string | null {
    if (!Number.isInteger(b.invcNo) || b.invcNo <= 0) return 'invcNo must be a positive number';
    if (b.rcptTyCd !== 'S' && b.rcptTyCd !== 'R') return 'rcptTyCd must be S or R';
    for (const f of ['cfmDt', 'salesDt', 'salesSttsCd', 'regrId', 'regrNm', 'modrId', 'modrNm'])
      if (typeof b[f] !== 'string' || b[f] === '') return `${f} is required`;
    if (!/^\d{14}$/.test(b.cfmDt) || !/^\d{8}$/.test(b.salesDt)) return 'cfmDt is YYYYMMDDhhmmss and salesDt YYYYMMDD';
    if (b.custTin != null && b.custTin !== '' && !/^[A-Z]\d{9}[A-Z]$/.test(b.custTin)) return 'custTin is not a KRA PIN';
    if (!['01', '02', '03', '04', '05', '06', '07'].includes(b.pmtTyCd)) return 'pmtTyCd is not a payment type (01-07)';
    if (b.rcptTyCd === 'R') {
      if (!['01', '02', '03', '04', '05', '06'].includes(b.rfdRsnCd)) return 'rfdRsnCd is not a credit note reason (01-06)';
      const original = sales.find(
        (s) => s.tin === device.tin && s.bhfId === device.bhfId && s.invcNo === b.orgInvcNo && s.rcptTyCd === 'S',
      );
      if (!original) return `orgInvcNo ${b.orgInvcNo} is not a sale of this branch`;
      if ((original.custTin ?? '') !== (b.custTin ?? '')) return 'custTin differs from the original invoice';
    } else if (b.orgInvcNo !== 0) return 'orgInvcNo must be 0 for a sale';
    const list = Array.isArray(b.itemList) ? b.itemList : [];
    if (list.length === 0 || b.totItemCnt !== list.length) return 'totItemCnt must count itemList';
    for (const item of list) {
      if (!items.some((i) => i.tin === device.tin && i.bhfId === device.bhfId && i.itemCd === item.itemCd))
        return `itemCd ${item.itemCd} is not registered`;
      if (!['A', 'B', 'C', 'D', 'E'].includes(item.taxTyCd)) return `taxTyCd ${item.taxTyCd} is not a tax type`;
      // KRA's item classes are 10 digits (a UNSPSC commodity code and two more).
      if (!/^\d{10}$/.test(String(item.itemClsCd))) return `itemClsCd ${item.itemClsCd} is not a KRA item class`;
      if (cents(item.totAmt) !== cents(item.taxblAmt) + cents(item.taxAmt)) return `item ${item.itemSeq}: totAmt is not taxblAmt + taxAmt`;
    }
    for (const t of ['A', 'B', 'C', 'D', 'E']) {
      const of = (f: string) => list.filter((i: any) => i.taxTyCd === t).reduce((a: number, i: any) => a + cents(i[f]), 0);
      if (cents(b[`taxblAmt${t}`]) !== of('taxblAmt') || cents(b[`taxAmt${t}`]) !== of('taxAmt'))
        return `taxblAmt${t}/taxAmt${t} do not add up`;
    }
    const total = (f: string) => list.reduce((a: number, i: any) => a + cents(i[f]), 0);
    if (cents(b.totTaxblAmt) !== total('taxblAmt') || cents(b.totTaxAmt) !== total('taxAmt') || cents(b.totAmt) !== total('totAmt'))
      return 'totTaxblAmt, totTaxAmt and totAmt do not add up';
    return null;
  }

  const plugin = async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req, reply) => {
      if (down && !req.url.startsWith('/control/')) {
        req.raw.socket.destroy();
        return reply.hijack();
      }
    });
    app.addHook('onSend', async (req, _reply, payload) => {
      try {
        calls.push({ endpoint: req.url.split('/').pop() ?? '', resultCd: JSON.parse(String(payload)).resultCd });
      } catch {
        /* not JSON */
      }
      return payload;
    });

    app.post(`${prefix}/selectInitOsdcInfo`, async (req) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (!b.tin || !b.bhfId || !b.dvcSrlNo) return answer('910', 'Request parameter error');
      const device = devices.find((d) => d.tin === b.tin && d.bhfId === b.bhfId && d.serial === b.dvcSrlNo);
      if (!device) return answer('901', 'It is not valid device');
      if (device.cmcKey) return answer('902', 'This device is installed');
      device.cmcKey = randomBytes(16).toString('hex');
      return answer('000', 'It is succeeded', {
        info: {
          tin: device.tin,
          taxprNm: 'Fake Taxpayer',
          bsnsActv: 'business',
          bhfId: device.bhfId,
          bhfNm: 'Headquarter',
          bhfOpenDt: '20240101',
          prvncNm: 'NAIROBI CITY',
          dstrtNm: 'WESTLANDS',
          sctrNm: 'WESTLANDS',
          locDesc: 'Westlands',
          hqYn: 'Y',
          mgrNm: 'Manager',
          mgrTelNo: '0700000000',
          mgrEmail: 'manager@example.ke',
          dvcId: `${device.tin}${device.bhfId}01`,
          sdcId: device.sdcId,
          mrcNo: device.mrcNo,
          cmcKey: device.cmcKey,
        },
      });
    });

    app.post(`${prefix}/saveItem`, async (req) => {
      const device = deviceOf(req);
      if (!('cmcKey' in device)) return device;
      const b = (req.body ?? {}) as Record<string, any>;
      for (const f of [
        'itemCd',
        'itemClsCd',
        'itemTyCd',
        'itemNm',
        'orgnNatCd',
        'pkgUnitCd',
        'qtyUnitCd',
        'taxTyCd',
        'isrcAplcbYn',
        'useYn',
      ])
        if (typeof b[f] !== 'string' || b[f] === '') return answer('910', `Request parameter error: ${f}`);
      if (typeof b.dftPrc !== 'number') return answer('910', 'Request parameter error: dftPrc');
      if (!/^\d{10}$/.test(b.itemClsCd)) return answer('910', 'Request parameter error: itemClsCd');
      const known = items.find((i) => i.tin === device.tin && i.bhfId === device.bhfId && i.itemCd === b.itemCd);
      if (known)
        known.body = b; // saveItem also updates an item
      else items.push({ tin: device.tin, bhfId: device.bhfId, itemCd: b.itemCd, body: b });
      return answer('000', 'It is succeeded');
    });

    app.post(`${prefix}/saveTrnsSalesOsdc`, async (req, reply) => {
      const device = deviceOf(req);
      if (!('cmcKey' in device)) return device;
      const b = (req.body ?? {}) as Record<string, any>;
      if (sales.some((s) => s.tin === device.tin && s.bhfId === device.bhfId && s.invcNo === b.invcNo))
        return answer('994', 'There is an overlapped Data');
      if (refusal) {
        const r = refusal;
        refusal = null;
        return answer(r.code, r.message);
      }
      const problem = checkSale(device, b);
      if (problem) return answer('910', `Request parameter error: ${problem}`);
      device.receipts += 1;
      const sdcDateTime = nairobiNow();
      const digest = createHash('sha256').update(`${device.cmcKey}|${b.invcNo}|${b.totAmt}|${sdcDateTime}`).digest();
      const sale: FakeSale = {
        tin: device.tin,
        bhfId: device.bhfId,
        invcNo: b.invcNo,
        orgInvcNo: b.orgInvcNo,
        trdInvcNo: b.trdInvcNo,
        rcptTyCd: b.rcptTyCd,
        custTin: b.custTin || null,
        body: b,
        curRcptNo: device.receipts,
        totRcptNo: device.receipts,
        rcptSign: code32(digest, 16),
        intrlData: code32(createHash('sha256').update(digest).digest(), 26),
        sdcDateTime,
      };
      sales.push(sale);
      if (loseAnswer) {
        loseAnswer = false;
        req.raw.socket.destroy();
        return reply.hijack();
      }
      const { curRcptNo, totRcptNo, intrlData, rcptSign } = sale;
      return answer('000', 'It is succeeded', { curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime });
    });

    app.post(`${prefix}/selectInvoiceDetails`, async (req) => {
      const device = deviceOf(req);
      if (!('cmcKey' in device)) return device;
      const b = (req.body ?? {}) as Record<string, any>;
      const sale = sales.find((s) => s.tin === device.tin && s.bhfId === device.bhfId && s.invcNo === b.invcNo);
      if (!sale) return answer('001', 'There is no search result');
      const { curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime } = sale;
      return answer('000', 'It is succeeded', {
        salesList: [
          {
            invcNo: sale.invcNo,
            trdInvcNo: sale.trdInvcNo,
            custTin: sale.custTin,
            rcptTyCd: sale.rcptTyCd,
            totAmt: sale.body.totAmt,
            receipt: { curRcptNo, totRcptNo, intrlData, rcptSign, sdcDateTime },
          },
        ],
      });
    });
  };
  return { plugin, control };
}

export type FakeEtims = { url: string; control: EtimsControl; close(): Promise<void> };

/**
 * The fake on its own port; `url` is the OSCU base URL to configure (…/etims-api/). With
 * `controlOverHttp` (the browser journeys, whose fake runs in another process) the outage and a
 * refusal are also switched by `POST /control/outage {down}` and `POST /control/refuse-next-sale {code, message}`,
 * which answer even while KRA is "down".
 */
export async function startFakeEtims(port = 0, options: { controlOverHttp?: boolean } = {}): Promise<FakeEtims> {
  const { plugin, control } = createFakeEtims();
  const app = Fastify({ logger: false });
  await app.register(plugin);
  if (options.controlOverHttp) {
    app.post('/control/outage', async (req) => {
      control.outage(Boolean((req.body as { down?: unknown } | undefined)?.down));
      return { ok: true };
    });
    app.post('/control/refuse-next-sale', async (req) => {
      const b = (req.body ?? {}) as { code?: unknown; message?: unknown };
      control.refuseNextSale(String(b.code ?? '910'), String(b.message ?? 'Request parameter error'));
      return { ok: true };
    });
  }
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { url: `${address}/etims-api/`, control, close: () => app.close() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeEtims(Number(process.argv[2] ?? 0));
  fake.control.registerDevice('P051234567X', '00', 'DEMO-OSCU-1');
  console.log(`fake eTIMS OSCU at ${fake.url} (device P051234567X / 00 / DEMO-OSCU-1)`);
}
