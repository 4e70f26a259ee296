import { eq } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { Db } from '../../../db/client.ts';
import { orderLicences } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from '../../tenant/index.ts';
import { findOrderOf } from '../../orders/index.ts';
import type { LicenceForm } from './read-licence-form.ts';

/**
 * The customer's Windows licence PDF for one of their own orders that needs one: stored as a
 * private file and linked to the order; a second upload replaces the first (the old file goes).
 */
export function createLicenceUploads(db: Db, files: FileService) {
  async function upload(companyId: number, customerId: number, form: LicenceForm): Promise<void> {
    const stored = await findOrderOf(db, companyId, customerId, form.orderId);
    if (!stored)
      throw new AppError('not_found', 404, messages.orderNotFound, {
        orderID: messages.orderNotFound,
      });
    if (!stored.order.needsLicence)
      throw AppError.badRequest(messages.licenceNotNeeded, {
        orderID: messages.licenceNotNeeded,
      });
    const file = await files.save({
      companyId,
      kind: 'order-licence',
      originalName: form.fileName,
      contentType: 'application/pdf',
      bytes: form.bytes,
      isPublic: false,
    });
    const replaced = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ fileId: orderLicences.fileId })
        .from(orderLicences)
        .where(eq(orderLicences.orderId, form.orderId))
        .for('update');
      await tx
        .insert(orderLicences)
        .values({ companyId, orderId: form.orderId, fileId: file.id })
        .onConflictDoUpdate({
          target: orderLicences.orderId,
          set: { fileId: file.id, uploadedAt: new Date() },
        });
      return previous?.fileId;
    });
    if (replaced && replaced !== file.id) await files.remove(replaced);
  }

  return { upload };
}

export type LicenceUploads = ReturnType<typeof createLicenceUploads>;
