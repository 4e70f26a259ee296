import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEtims, type FakeEtims } from '../../../../../tools/fakes/etims.ts';
import { EtimsUnreachable, etimsReceiptUrl, type EtimsBranch, type EtimsSale } from './etims.ts';
import { createOscu } from './oscu.ts';

/** The OSCU adapter against the protocol fake on its own port (ADR 0121). */
let fake: FakeEtims;
let branch: EtimsBranch;
const oscu = createOscu({ timeoutMs: 2000 });
let cmcKey = '';
beforeAll(async () => {
  fake = await startFakeEtims();
  fake.control.registerDevice('P051234567X', '00', 'OSCU-TEST-1');
  branch = { baseUrl: fake.url, tin: 'P051234567X', bhfId: '00' };
});
afterAll(() => fake.close());

const item = {
  itemCd: 'KE3NTU0000001',
  itemClsCd: '8111200300',
  itemTyCd: '3' as const,
  itemNm: 'Ubuntu VM',
  taxTyCd: 'B' as const,
  dftPrc: '5100.00',
};
const line = {
  itemCd: item.itemCd,
  itemClsCd: item.itemClsCd,
  itemNm: 'Ubuntu VM, 30 days',
  qty: '1',
  prc: '5100.00',
  splyAmt: '5100.00',
  dcAmt: '0.00',
  taxTyCd: 'B' as const,
};
const sale = (invcNo: number, over: Partial<EtimsSale> = {}): EtimsSale => ({
  invcNo,
  orgInvcNo: 0,
  trdInvcNo: `KE-${invcNo}`,
  rcptTyCd: 'S',
  custTin: 'A123456789B',
  custNm: 'Wanjiru Kamau',
  cfmDt: '20261128143000',
  salesDt: '20261128',
  rates: { B: '16.00' },
  lines: [{ ...line, taxblAmt: '5100.00', taxAmt: '816.00', totAmt: '5916.00' }],
  ...over,
});

describe('the OSCU adapter', () => {
  it('refuses an unregistered device serial with KRA’s code, then initialises the registered one with its cmcKey', async () => {
    expect(await oscu.initialise(branch, 'NOT-REGISTERED')).toEqual({ ok: false, code: '901', message: 'It is not valid device' });
    const init = await oscu.initialise(branch, 'OSCU-TEST-1');
    expect(init).toMatchObject({ ok: true, value: { sdcId: 'KRACU0000000001', mrcNo: 'WIS00000001' } });
    cmcKey = init.ok ? init.value.cmcKey : '';
    expect(cmcKey).toBe(fake.control.cmcKeyOf('P051234567X', '00'));
    // KRA does not hand the key out twice.
    expect(await oscu.initialise(branch, 'OSCU-TEST-1')).toEqual({ ok: false, code: '902', message: 'This device is installed' });
  });

  it('refuses a sale naming an item not registered, then signs it once the item is', async () => {
    const refused = await oscu.saveSale(branch, cmcKey, sale(1));
    expect(refused).toEqual({ ok: false, code: '910', message: 'Request parameter error: itemCd KE3NTU0000001 is not registered' });
    expect(await oscu.saveItem(branch, cmcKey, item)).toEqual({ ok: true, value: null });
    const signed = await oscu.saveSale(branch, cmcKey, sale(1));
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    expect(signed.value).toMatchObject({ rcptNo: 1, totRcptNo: 1 });
    expect(signed.value.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    expect(signed.value.sdcDateTime).toMatch(/^\d{14}$/);
    const sent = fake.control.sales[0]!.body;
    expect(sent).toMatchObject({
      invcNo: 1,
      orgInvcNo: 0,
      rcptTyCd: 'S',
      // "Other" payment type: the gateway's means (card, mobile money, EFT) is not known here.
      pmtTyCd: '07',
      taxblAmtB: 5100,
      taxRtB: 16,
      taxAmtB: 816,
      taxAmtA: 0,
      totAmt: 5916,
    });
    expect(etimsReceiptUrl(branch, signed.value.rcptSign)).toBe(
      `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00${signed.value.rcptSign}`,
    );
  });

  it('answers a second document with the same invcNo as overlapped data, and reads the first one’s receipt back', async () => {
    expect(await oscu.saveSale(branch, cmcKey, sale(1))).toEqual({ ok: false, code: '994', message: 'There is an overlapped Data' });
    const details = await oscu.invoiceDetails(branch, cmcKey, 1);
    expect(details).toMatchObject({ ok: true, value: { rcptNo: 1, rcptSign: fake.control.sales[0]!.rcptSign } });
    expect(await oscu.invoiceDetails(branch, cmcKey, 99)).toEqual({ ok: true, value: null });
  });

  it('sends a credit note as receipt type R naming the original invcNo; one naming no sale is refused', async () => {
    const note = sale(2, {
      rcptTyCd: 'R',
      orgInvcNo: 1,
      trdInvcNo: 'KE-CN-1',
      lines: [{ ...line, taxblAmt: '500.00', taxAmt: '80.00', totAmt: '580.00' }],
    });
    expect((await oscu.saveSale(branch, cmcKey, note)).ok).toBe(true);
    expect(fake.control.sales[1]!.body).toMatchObject({ rcptTyCd: 'R', orgInvcNo: 1, rfdRsnCd: '06', totAmt: 580 });
    expect(await oscu.saveSale(branch, cmcKey, { ...note, invcNo: 3, orgInvcNo: 77 })).toMatchObject({
      ok: false,
      code: '910',
      message: 'Request parameter error: orgInvcNo 77 is not a sale of this branch',
    });
  });

  it('registers items under KRA’s 10-digit item class only (UNSPSC 81112003 data centre services + 00)', async () => {
    expect(item.itemClsCd).toBe('8111200300');
    expect(await oscu.saveItem(branch, cmcKey, { ...item, itemClsCd: '81112003' })).toEqual({
      ok: false,
      code: '910',
      message: 'Request parameter error: itemClsCd',
    });
  });

  it('refuses calls without the device’s cmcKey, and throws EtimsUnreachable while the service is down', async () => {
    expect(await oscu.saveItem(branch, 'wrong-key', item)).toEqual({ ok: false, code: '901', message: 'It is not valid device' });
    fake.control.outage(true);
    await expect(oscu.saveSale(branch, cmcKey, sale(4))).rejects.toBeInstanceOf(EtimsUnreachable);
    fake.control.outage(false);
  });
});
