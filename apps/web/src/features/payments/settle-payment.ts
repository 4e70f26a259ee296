import type { TransactionResult } from '@mawingu/contracts/payments';
import { uploadCustomerLicense } from '../../api/payments/upload-customer-license.ts';
import { clearPendingLicence, clearPendingPayment, readPendingLicence, readPendingPayment } from '../../lib/storage/pending-payment.ts';

/** Spec section 4: the stored payment data is cleared 10 seconds after a Complete result. */
export const CLEAR_PENDING_AFTER_MS = 10_000;

export type LicenceOutcome = { kind: 'uploaded'; message: string } | { kind: 'failed'; message: string };

/** The orders settled in this page's life, each with its timer that clears the stored payment. */
const settled = new Map<number, ReturnType<typeof setTimeout>>();

function base64ToFile(base64: string, fileName: string): File | null {
  try {
    const binary = atob(base64.replace(/^data:[^,]*,/, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return new File([bytes], fileName, { type: 'application/pdf' });
  } catch {
    return null;
  }
}

/**
 * What follows a Complete result, once per order and independent of the page (the customer may
 * move on at once): the Windows licence PDF kept for this order is uploaded to it, and the stored
 * payment is cleared 10 s later. `onLicence` hears how the upload went (nothing when there was no
 * licence for this order).
 */
export function settleCompletedPayment(result: TransactionResult, onLicence: (outcome: LicenceOutcome) => void): void {
  if (settled.has(result.orderID)) return;
  settled.set(
    result.orderID,
    setTimeout(() => {
      if (readPendingPayment()?.orderId === result.orderID) clearPendingPayment();
    }, CLEAR_PENDING_AFTER_MS),
  );

  const licence = readPendingLicence();
  if (!licence || licence.orderId !== result.orderID) return;
  const file = base64ToFile(licence.base64, licence.fileName);
  if (!file) {
    clearPendingLicence();
    onLicence({ kind: 'failed', message: '' });
    return;
  }
  void uploadCustomerLicense({ orderID: result.orderID, file, fileName: licence.fileName }).then((reply) => {
    if (reply.status === 200) {
      clearPendingLicence();
      onLicence({ kind: 'uploaded', message: reply.message });
    } else {
      onLicence({ kind: 'failed', message: reply.message });
    }
  });
}

/** Tests: forget which orders were settled, and stop their timers (one would clear a later test's stored payment). */
export function resetSettledPayments(): void {
  settled.forEach((timer) => clearTimeout(timer));
  settled.clear();
}
