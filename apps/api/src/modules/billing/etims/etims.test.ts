import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, etimsDevices, etimsDocuments } from '../../../db/schema.ts';
import { etimsReceiptUrl } from '../../../integrations/etims/etims.ts';
import { until } from '../../../../test/until.ts';
import { DEVICE, SELLER_PIN, openEtimsWorld, pdfHasQrOf, pdfToText } from './etims.test-helper.ts';

/**
 * Kenya's eTIMS end to end (issue 18 point 4, ADR 0121) against the OSCU fake on its own port:
 * the device initialised from the console (its key sealed, never shown), each Kenyan invoice and
 * credit note submitted as a job, signed, and printed with KRA's signature and QR code.
 */
let w: Awaited<ReturnType<typeof openEtimsWorld>>;
beforeAll(async () => {
  w = await openEtimsWorld();
});
afterAll(() => w.close());

describe('the eTIMS device of the Kenyan entity', () => {
  it('saves the settings, refuses an unregistered serial with KRA’s reason, then initialises without ever showing the key', async () => {
    const saved = await w.call('PUT', `/legal-entities/${w.entityId}/etims`, {
      branchId: '00',
      deviceSerial: 'UNKNOWN-1',
      baseUrl: w.fake.url,
    });
    expect(saved.http, saved.body.message).toBe(200);
    expect(saved.body.data.settings).toMatchObject({ branchId: '00', initialised: false });
    const refused = await w.call('POST', `/legal-entities/${w.entityId}/etims/initialise`);
    expect(refused.http).toBe(200);
    expect(refused.body.message).toBe('eTIMS refused the initialisation: 901 It is not valid device');
    expect(refused.body.data.settings).toMatchObject({ initialised: false, initError: '901 It is not valid device' });

    await w.call('PUT', `/legal-entities/${w.entityId}/etims`, { branchId: '00', deviceSerial: DEVICE, baseUrl: w.fake.url });
    const done = await w.call('POST', `/legal-entities/${w.entityId}/etims/initialise`);
    expect(done.body.message).toBe('The eTIMS device is initialised.');
    expect(done.body.data.settings).toMatchObject({ initialised: true, sdcId: 'KRACU0000000001', mrcNo: 'WIS00000001', initError: null });
    const key = w.fake.control.cmcKeyOf(SELLER_PIN, '00')!;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const [device] = await w.db.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, w.entityId));
    expect(device!.cmcKeySealed).not.toContain(key);
    const read = await w.call('GET', `/legal-entities/${w.entityId}/etims`);
    const audits = await w.db.select().from(auditLog).where(eq(auditLog.companyId, w.company.id));
    for (const text of [JSON.stringify(done.body), JSON.stringify(read.body), JSON.stringify(audits)]) expect(text).not.toContain(key);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['etims.settings', 'etims.initialise']));
  });

  it('refuses bad settings naming the field, and another company’s operator', async () => {
    const bad = await w.call('PUT', `/legal-entities/${w.entityId}/etims`, { branchId: '0', deviceSerial: DEVICE, baseUrl: 'not a url' });
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toMatchObject({ branchId: 'A branch id is two digits, e.g. 00 for the head office.' });
    const outsider = await w.call('GET', `/legal-entities/${w.entityId}/etims`, undefined, w.outsider);
    expect(outsider.http).toBe(404);
  });
});

describe('a Kenyan invoice', () => {
  it('is signed by the control unit after the item is registered, and prints the buyer’s PIN, the signature and the QR code', async () => {
    const buyer = await w.buyer({ kraPin: 'A123456789B', companyName: 'Kamau Traders Ltd' });
    const { invoiceId, token } = await w.purchase(buyer);
    const doc = await w.signedOf(invoiceId);
    expect(doc).toMatchObject({ status: 'signed', invcNo: 1, rcptNo: 1, totRcptNo: 1, sdcId: 'KRACU0000000001', mrcNo: 'WIS00000001' });
    expect(w.fake.control.items).toHaveLength(1);
    expect(w.fake.control.items[0]!.body).toMatchObject({ itemCd: 'KE3NTU0000001', itemTyCd: '3', taxTyCd: 'B', itemNm: 'Nairobi VM' });
    const sale = w.fake.control.sales.find((s) => s.invcNo === 1)!;
    expect(sale.body).toMatchObject({
      rcptTyCd: 'S',
      pmtTyCd: '07',
      orgInvcNo: 0,
      trdInvcNo: 'KE-1',
      custTin: 'A123456789B',
      custNm: 'Kamau Traders Ltd',
      taxblAmtB: 1700,
      taxRtB: 16,
      taxAmtB: 272,
      totAmt: 1972,
    });
    expect(doc.rcptSign).toBe(sale.rcptSign);

    const pdf = await w.invoicePdf(buyer, token);
    const text = pdfToText(pdf);
    for (const part of [
      'Tax Invoice',
      `KRA PIN: ${SELLER_PIN}`,
      'KRA PIN: A123456789B',
      'KRA eTIMS',
      'CU serial number KRACU0000000001',
      'CU invoice number KRACU0000000001/1',
      'Receipt number 1/1',
      `Receipt signature ${sale.rcptSign}`,
      `Internal data ${sale.intrlData}`,
    ])
      expect(text).toContain(part);
    const url = etimsReceiptUrl({ baseUrl: w.fake.url, tin: SELLER_PIN, bhfId: '00' }, sale.rcptSign);
    expect(url).toBe(`https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${SELLER_PIN}00${sale.rcptSign}`);
    expect(pdfHasQrOf(pdf, url)).toBe(true);
    expect(pdfHasQrOf(pdf, `${url}X`)).toBe(false);

    // The next invoice of the same product names the registered item: no second registration.
    const second = await w.purchase(await w.buyer());
    expect((await w.signedOf(second.invoiceId)).invcNo).toBe(2);
    expect(w.fake.control.items).toHaveLength(1);
    expect(w.fake.control.sales.find((s) => s.invcNo === 2)!.body.custTin).toBeNull();
  });

  it('goes through during an eTIMS outage: the sale completes, the invoice says pending, and it is signed when eTIMS is back', async () => {
    w.fake.control.outage(true);
    const buyer = await w.buyer();
    const { invoiceId, token } = await w.purchase(buyer);
    expect(pdfToText(await w.invoicePdf(buyer, token))).toContain(
      'eTIMS pending: this document is awaiting its control unit signature from KRA.',
    );
    const doc = await w.documentOf(invoiceId);
    expect(doc).toMatchObject({ status: 'pending' });
    // The job tries while KRA is out (its retries wait 30 s and more); the reason is kept for the console.
    await w.failedOnce(invoiceId);
    expect((await w.documentOf(invoiceId))!.lastError).toMatch(/^eTIMS could not be reached \(saveTrnsSalesOsdc\)/);
    const listed = await w.call('GET', `/etims/documents?legalEntityId=${w.entityId}`);
    expect(listed.body.data.documents).toEqual([
      expect.objectContaining({ status: 'pending', serialNumber: 'KE-3', total: '1972.00', currency: 'KES' }),
    ]);

    w.fake.control.outage(false);
    expect(await w.t.modules.billing.etims.sweep()).toBe(1);
    const signed = await w.signedOf(invoiceId);
    expect(signed.rcptSign).toBe(w.fake.control.sales.find((s) => s.invcNo === signed.invcNo)!.rcptSign);
    expect(pdfToText(await w.invoicePdf(buyer, token))).toContain(`Receipt signature ${signed.rcptSign}`);
  });

  it('is never recorded twice: a lost answer is retried under the same number, KRA’s duplicate answer leads to the receipt it holds', async () => {
    w.fake.control.loseNextSaleAnswer();
    const { invoiceId } = await w.purchase(await w.buyer());
    // The job's first try: KRA signed and recorded it, the answer never arrived.
    await w.failedOnce(invoiceId);
    expect(w.fake.control.sales.filter((s) => s.invcNo === 4)).toHaveLength(1);
    await w.t.modules.billing.etims.sweep();
    const doc = await w.signedOf(invoiceId);
    expect(doc.invcNo).toBe(4);
    const atKra = w.fake.control.sales.filter((s) => s.invcNo === doc.invcNo);
    expect(atKra).toHaveLength(1);
    expect(doc.rcptSign).toBe(atKra[0]!.rcptSign);
    expect(w.fake.control.calls.filter((c) => c.endpoint === 'saveTrnsSalesOsdc' && c.resultCd === '994').length).toBeGreaterThan(0);
    // Submitting a signed document again sends nothing.
    const before = w.fake.control.calls.length;
    expect(await w.t.modules.billing.etims.submitter.submit(doc.id)).toBe('signed');
    expect(w.fake.control.calls.length).toBe(before);
  });
});

describe('a Kenyan credit note', () => {
  it('goes to eTIMS as receipt type R naming the original invoice’s number, and prints its own signature', async () => {
    const buyer = await w.buyer({ kraPin: 'A987654321C' });
    const { orderId, invoiceId } = await w.purchase(buyer);
    const original = await w.signedOf(invoiceId);
    const noteId = await w.creditNote(orderId, { scope: 'part', amount: '580.00', reason: 'Service outage of 5 days in November' });
    const doc = await w.creditNoteDocumentIn(noteId, 'signed');
    const sale = w.fake.control.sales.find((s) => s.invcNo === doc.invcNo)!;
    expect(sale.body).toMatchObject({
      rcptTyCd: 'R',
      orgInvcNo: original.invcNo,
      trdInvcNo: 'KE-CN-1',
      custTin: 'A987654321C',
      rfdRsnCd: '06',
      taxblAmtB: 500,
      taxAmtB: 80,
      totAmt: 580,
    });
    const pdf = await w.t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/${w.company.id}/orders/${orderId}/credit-notes/${noteId}/pdf`,
      headers: w.admin.headers,
    });
    const text = pdfToText(pdf.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain('KRA PIN: A987654321C');
    expect(text).toContain(`Receipt signature ${sale.rcptSign}`);
  });
});

describe('a document eTIMS refuses', () => {
  it('shows in the console list with KRA’s reason, to this company only, and is signed when resubmitted (audited)', async () => {
    w.fake.control.refuseNextSale('910', 'Request parameter error: custNm');
    const { invoiceId } = await w.purchase(await w.buyer());
    const refused = await until(async () => {
      const doc = await w.documentOf(invoiceId);
      return doc?.status === 'refused' ? doc : undefined;
    });
    const listed = await w.call('GET', '/etims/documents');
    expect(listed.body.data.documents).toEqual([
      expect.objectContaining({
        id: refused.id,
        kind: 'invoice',
        status: 'refused',
        reason: '910 Request parameter error: custNm',
        attempts: 1,
      }),
    ]);
    expect((await w.call('GET', '/etims/documents', undefined, w.outsider)).http).toBe(404);
    const again = await w.call('POST', `/etims/documents/${refused.id}/resubmit`);
    expect(again.http, again.body.message).toBe(200);
    expect(again.body).toMatchObject({ message: 'Document submitted to eTIMS again.', data: { status: 'signed', reason: null } });
    expect((await w.call('GET', '/etims/documents')).body.data.documents).toEqual([]);
    // The signed view lists it now, newest first, and nothing unsigned.
    const signed = (await w.call('GET', '/etims/documents?status=signed')).body.data.documents;
    expect(signed[0]).toMatchObject({ id: refused.id, status: 'signed', reason: null });
    expect(signed.every((d: { status: string }) => d.status === 'signed')).toBe(true);
    expect((await w.call('GET', '/etims/documents?status=all')).http).toBe(400);
    expect((await w.call('POST', `/etims/documents/${refused.id}/resubmit`)).http).toBe(409);
    const audits = await w.db.select().from(auditLog).where(eq(auditLog.action, 'etims.resubmit'));
    expect(audits).toEqual([expect.objectContaining({ targetId: String(refused.id) })]);
  });
});

describe('a credit note of an invoice KRA never received', () => {
  it('is refused with the reason, not retried for ever', async () => {
    const { orderId, invoiceId } = await w.purchase(await w.buyer());
    await w.signedOf(invoiceId);
    // As an invoice issued before the entity had its device: no eTIMS document of it.
    await w.db.delete(etimsDocuments).where(eq(etimsDocuments.invoiceId, invoiceId));
    const noteId = await w.creditNote(orderId, { scope: 'whole', reason: 'Cancelled order' });
    const doc = await w.creditNoteDocumentIn(noteId, 'refused');
    expect(doc.lastError).toBe('The original invoice was never submitted to eTIMS.');

    // The next invoice takes the number our lost row had: KRA holds another document under it,
    // and its receipt is never adopted.
    const next = await w.purchase(await w.buyer());
    const clash = await until(async () => {
      const row = await w.documentOf(next.invoiceId);
      return row?.status === 'refused' ? row : undefined;
    });
    const held = w.fake.control.sales.find((s) => s.invcNo === clash.invcNo)!;
    expect(clash.rcptSign).toBeNull();
    expect(clash.lastError).toBe(`994 KRA holds another document (${held.trdInvcNo}) under eTIMS number ${clash.invcNo}`);
  });
});
