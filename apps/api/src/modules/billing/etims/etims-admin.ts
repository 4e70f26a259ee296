import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  etimsMessages as texts,
  type EtimsDocument,
  type EtimsDocumentView,
  type EtimsSettings,
  type EtimsSettingsInput,
} from '@mawingu/contracts/admin/etims';
import { fill } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { creditNotes, etimsDevices, etimsDocuments, invoices, legalEntities } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { EtimsUnreachable, type EtimsPort } from '../../../integrations/etims/etims.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { orderAmountsOf } from '../../orders/index.ts';
import { creditNoteSerial } from '../credit-notes/issue-credit-note.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { queueUnsubmittedDocuments } from './queue-unsubmitted.ts';
import type { EtimsSubmitter } from './submit-document.ts';

type Deps = { db: Db; port: EtimsPort; secretBox: SecretBox; submitter: EtimsSubmitter; production: boolean; queue?: JobQueue };

/**
 * The console's eTIMS of a company (ADR 0121): each Kenyan entity's device settings and its
 * initialisation (the cmcKey KRA answers is sealed at once, never returned, logged or audited),
 * the documents not signed yet or refused, and their resubmission. Every change is audited.
 */
export function createEtimsAdmin({ db, port, secretBox, submitter, production, queue }: Deps) {
  async function entityOf(companyId: number, entityId: number) {
    const [entity] = await db
      .select()
      .from(legalEntities)
      .where(and(eq(legalEntities.id, entityId), eq(legalEntities.companyId, companyId)));
    if (!entity) throw AppError.notFound(texts.entityNotFound);
    return entity;
  }

  async function settingsOf(companyId: number, entityId: number): Promise<EtimsSettings | null> {
    await entityOf(companyId, entityId);
    const [d] = await db.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, entityId));
    if (!d) return null;
    return {
      legalEntityId: d.legalEntityId,
      branchId: d.branchId,
      deviceSerial: d.deviceSerial,
      baseUrl: d.baseUrl,
      initialised: d.cmcKeySealed !== null,
      initialisedAt: d.initialisedAt?.toISOString() ?? null,
      sdcId: d.sdcId,
      mrcNo: d.mrcNo,
      initError: d.initError,
    };
  }

  async function save(actor: Operator, companyId: number, entityId: number, input: EtimsSettingsInput) {
    const entity = await entityOf(companyId, entityId);
    if (entity.taxCountry !== 'KE') throw AppError.badRequest(texts.notKenyan, { taxCountry: texts.notKenyan });
    if (production && new URL(input.baseUrl).protocol !== 'https:')
      throw AppError.badRequest(texts.urlNotHttps, { baseUrl: texts.urlNotHttps });
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, entityId)).for('update');
      // Another branch or device is another control unit: its key no longer serves.
      const sameDevice = before && before.branchId === input.branchId && before.deviceSerial === input.deviceSerial;
      const values = { ...input, companyId, updatedAt: new Date() };
      const reset = sameDevice ? {} : { cmcKeySealed: null, sdcId: null, mrcNo: null, initialisedAt: null, initError: null };
      await tx
        .insert(etimsDevices)
        .values({ legalEntityId: entityId, ...values })
        .onConflictDoUpdate({ target: etimsDevices.legalEntityId, set: { ...values, ...reset } });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'etims.settings',
        targetType: 'legal_entity',
        targetId: entityId,
        before: before ? { branchId: before.branchId, deviceSerial: before.deviceSerial, baseUrl: before.baseUrl } : null,
        after: input,
      });
    });
    return settingsOf(companyId, entityId);
  }

  /** Initialises the device at KRA (selectInitOsdcInfo); KRA's refusal is kept and shown. */
  async function initialise(actor: Operator, companyId: number, entityId: number) {
    const entity = await entityOf(companyId, entityId);
    if (entity.taxCountry !== 'KE') throw AppError.badRequest(texts.notKenyan, { taxCountry: texts.notKenyan });
    if (!entity.taxNumber) throw AppError.badRequest(texts.pinMissing, { taxNumber: texts.pinMissing });
    const [device] = await db.select().from(etimsDevices).where(eq(etimsDevices.legalEntityId, entityId));
    if (!device) throw AppError.badRequest(texts.notConfigured);
    const branch = { baseUrl: device.baseUrl, tin: entity.taxNumber, bhfId: device.branchId };
    let outcome: { ok: true; sdcId: string; mrcNo: string } | { ok: false; reason: string };
    try {
      const answer = await port.initialise(branch, device.deviceSerial);
      if (answer.ok) {
        const { cmcKey, sdcId, mrcNo } = answer.value;
        const sealed = secretBox.seal(cmcKey);
        await db
          .update(etimsDevices)
          .set({ cmcKeySealed: sealed, sdcId, mrcNo, initialisedAt: new Date(), initError: null, updatedAt: new Date() })
          .where(eq(etimsDevices.legalEntityId, entityId));
        outcome = { ok: true, sdcId, mrcNo };
      } else outcome = { ok: false, reason: `${answer.code} ${answer.message}`.trim() };
    } catch (e) {
      if (!(e instanceof EtimsUnreachable)) throw e;
      outcome = { ok: false, reason: texts.unreachable };
    }
    if (!outcome.ok) {
      await db
        .update(etimsDevices)
        .set({ initError: outcome.reason, updatedAt: new Date() })
        .where(eq(etimsDevices.legalEntityId, entityId));
    }
    await db.transaction((tx) =>
      recordAudit(tx, {
        actor,
        companyId,
        action: 'etims.initialise',
        targetType: 'legal_entity',
        targetId: entityId,
        // The key stays out of the audit log: only whether KRA accepted, and the control unit's ids.
        after: outcome.ok
          ? { initialised: true, sdcId: outcome.sdcId, mrcNo: outcome.mrcNo }
          : { initialised: false, reason: outcome.reason },
      }),
    );
    // Documents issued before the device (or while it waited) go now, in the order issued.
    if (outcome.ok) await queueUnsubmittedDocuments(db, queue, entityId);
    const settings = await settingsOf(companyId, entityId);
    return { settings, message: outcome.ok ? texts.initialised : fill(texts.initRefused, { reason: outcome.reason }) };
  }

  /** The documents eTIMS has not signed (pending, refused) or the signed ones, newest first; one entity's when named. */
  async function documents(companyId: number, legalEntityId?: number, view: EtimsDocumentView = 'open'): Promise<EtimsDocument[]> {
    const rows = await db
      .select({ doc: etimsDocuments, invoice: invoices })
      .from(etimsDocuments)
      .innerJoin(invoices, eq(invoices.id, etimsDocuments.invoiceId))
      .where(
        and(
          eq(etimsDocuments.companyId, companyId),
          inArray(etimsDocuments.status, view === 'signed' ? ['signed'] : ['pending', 'refused']),
          legalEntityId === undefined ? undefined : eq(etimsDocuments.legalEntityId, legalEntityId),
        ),
      )
      .orderBy(desc(etimsDocuments.id))
      .limit(500);
    const noteIds = rows.map((r) => r.doc.creditNoteId).filter((id): id is number => id !== null);
    const notes = noteIds.length ? await db.select().from(creditNotes).where(inArray(creditNotes.id, noteIds)) : [];
    const noteOf = new Map(notes.map((n) => [n.id, n]));
    const amounts = await orderAmountsOf(db, [...new Set(rows.map((r) => r.invoice.orderId))]);
    return rows.map(({ doc, invoice }) => {
      const note = doc.creditNoteId === null ? undefined : noteOf.get(doc.creditNoteId);
      const order = amounts.get(invoice.orderId)!;
      const b = invoice.buyer;
      return {
        id: doc.id,
        legalEntityId: doc.legalEntityId,
        kind: note ? 'creditNote' : 'invoice',
        serialNumber: note ? creditNoteSerial(invoice.seller.seriesPrefix, note.number) : serialNumberOf(invoice),
        orderId: invoice.orderId,
        customer: b.companyName.trim() || `${b.firstName} ${b.lastName}`.trim(),
        total: note ? note.total : order.total,
        currency: note ? note.currency : order.currency,
        status: doc.status,
        invcNo: doc.invcNo,
        attempts: doc.attempts,
        reason: doc.lastError,
        createdAt: doc.createdAt.toISOString(),
        updatedAt: doc.updatedAt.toISOString(),
      };
    });
  }

  /** Submits a pending or refused document again, with its number at KRA kept (never a second document). */
  async function resubmit(actor: Operator, companyId: number, documentId: number) {
    const [doc] = await db
      .select()
      .from(etimsDocuments)
      .where(and(eq(etimsDocuments.id, documentId), eq(etimsDocuments.companyId, companyId)));
    if (!doc) throw AppError.notFound(texts.documentNotFound);
    if (doc.status === 'signed') throw AppError.conflict(texts.alreadySigned);
    await db.transaction(async (tx) => {
      await tx.update(etimsDocuments).set({ status: 'pending', updatedAt: new Date() }).where(eq(etimsDocuments.id, documentId));
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'etims.resubmit',
        targetType: 'etims_document',
        targetId: documentId,
        before: { status: doc.status, reason: doc.lastError },
      });
    });
    let outcome: string;
    try {
      outcome = await submitter.submit(documentId);
    } catch {
      outcome = 'waiting';
    }
    const [after] = await db.select().from(etimsDocuments).where(eq(etimsDocuments.id, documentId));
    return { status: after?.status ?? 'pending', outcome, reason: after?.lastError ?? null };
  }

  return { settingsOf, save, initialise, documents, resubmit };
}

export type EtimsAdmin = ReturnType<typeof createEtimsAdmin>;
