import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, openEtimsWorld } from './etims.test-helper.ts';
import { queueUnsubmittedDocuments } from './queue-unsubmitted.ts';

/**
 * Documents a Kenyan entity issued before its eTIMS device was initialised (ADR 0121): they go when
 * it is, numbered in the order issued (a credit note after its invoice), each signed once.
 */
let w: Awaited<ReturnType<typeof openEtimsWorld>>;
beforeAll(async () => {
  // The jobs are not worked until the test has seen what initialisation queued.
  w = await openEtimsWorld({ working: false });
});
afterAll(() => w.close());

describe('documents issued before the entity’s eTIMS device', () => {
  it('are queued when the device is initialised, show as pending until signed, and are signed in the order issued, none twice', async () => {
    // Issued with no device at all: nothing recorded for eTIMS.
    const first = await w.purchase(await w.buyer());
    expect(await w.documentOf(first.invoiceId)).toBeUndefined();
    // Issued once the settings are saved but before the device is initialised: recorded, waiting.
    const saved = await w.call('PUT', `/legal-entities/${w.entityId}/etims`, { branchId: '00', deviceSerial: DEVICE, baseUrl: w.fake.url });
    expect(saved.http, saved.body.message).toBe(200);
    const second = await w.purchase(await w.buyer());
    const noteId = await w.creditNote(first.orderId, { scope: 'part', amount: '580.00', reason: 'Service outage of 5 days in November' });
    const before = await w.call('GET', '/etims/documents');
    expect(before.body.data.documents.map((d: { serialNumber: string }) => d.serialNumber).sort()).toEqual(['KE-2', 'KE-CN-1']);

    const init = await w.call('POST', `/legal-entities/${w.entityId}/etims/initialise`);
    expect(init.body.message).toBe('The eTIMS device is initialised.');
    // All three are awaiting, numbered at KRA in the order they were issued.
    const listed = await w.call('GET', `/etims/documents?legalEntityId=${w.entityId}`);
    type Listed = { serialNumber: string; status: string; invcNo: number; reason: string | null };
    const rows = (listed.body.data.documents as Listed[]).map((d) => [d.invcNo, d.serialNumber, d.status, d.reason]);
    expect(rows.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [1, 'KE-1', 'pending', null],
      [2, 'KE-2', 'pending', null],
      [3, 'KE-CN-1', 'pending', null],
    ]);
    expect(w.fake.control.sales).toEqual([]);

    await w.work();
    const noteDoc = await w.creditNoteDocumentIn(noteId, 'signed');
    expect((await w.signedOf(first.invoiceId)).invcNo).toBe(1);
    expect((await w.signedOf(second.invoiceId)).invcNo).toBe(2);
    expect(noteDoc.invcNo).toBe(3);
    // KRA received each once, in order; the credit note names the first invoice.
    expect(w.fake.control.sales.map((s) => [s.invcNo, s.trdInvcNo, s.rcptTyCd, s.orgInvcNo])).toEqual([
      [1, 'KE-1', 'S', 0],
      [2, 'KE-2', 'S', 0],
      [3, 'KE-CN-1', 'R', 1],
    ]);
    expect(w.fake.control.calls.filter((c) => c.endpoint === 'saveTrnsSalesOsdc')).toHaveLength(3);
    expect((await w.call('GET', '/etims/documents')).body.data.documents).toEqual([]);

    // Queuing again (another initialisation, the sweep) sends nothing more.
    expect(await queueUnsubmittedDocuments(w.db, w.t.queue, w.entityId)).toBe(0);
    await w.t.modules.billing.etims.sweep();
    expect(w.fake.control.calls.filter((c) => c.endpoint === 'saveTrnsSalesOsdc')).toHaveLength(3);
  });
});
