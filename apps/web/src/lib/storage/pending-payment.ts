/**
 * What the purchase screen hands to the result pages across the trip to a gateway (the spec's
 * "stored payment mode", order and references). Kept in localStorage because the gateway brings
 * the browser back in a new page load; cleared by the result page 10 s after a Complete result.
 * It is only a hint for the SPA: the server verifies every result with the gateway.
 */
export type PendingPayment = {
  orderId: number;
  /** 1 new VM, 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew. */
  kind: number;
  /** The attempt's reference (TransactionReference). */
  reference: string;
  /** Spec name: "PayFast Payment", "Ozow Payment", "Pesapal Payment", "Paypal Payment" or "Bypass". */
  paymentMode: string;
  /** For the failure page's way back to /productdetails/{productId}. */
  productId: number | null;
};

const KEY = 'pendingPayment';

export function storePendingPayment(payment: PendingPayment): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(payment));
  } catch {
    // Storage refused: the result pages still work from the gateway's own return fields.
  }
}

export function readPendingPayment(): PendingPayment | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingPayment> | null;
    // User-editable storage: take only a value with the expected shape.
    if (
      !value ||
      typeof value.orderId !== 'number' ||
      typeof value.kind !== 'number' ||
      typeof value.reference !== 'string' ||
      typeof value.paymentMode !== 'string'
    ) {
      return null;
    }
    return {
      orderId: value.orderId,
      kind: value.kind,
      reference: value.reference,
      paymentMode: value.paymentMode,
      productId: typeof value.productId === 'number' ? value.productId : null,
    };
  } catch {
    return null;
  }
}

export function clearPendingPayment(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * A Windows licence PDF chosen on the purchase screen, kept (base64, as the spec does) until the
 * payment succeeds and the result page uploads it to the order (uploadCustomerLicense).
 * sessionStorage: it belongs to this tab's purchase only.
 */
export type PendingLicence = { orderId: number; fileName: string; base64: string };
const LICENCE_KEY = 'pendingLicence';

export function storePendingLicence(licence: PendingLicence): boolean {
  try {
    window.sessionStorage.setItem(LICENCE_KEY, JSON.stringify(licence));
    return true;
  } catch {
    return false;
  }
}

export function readPendingLicence(): PendingLicence | null {
  try {
    const raw = window.sessionStorage.getItem(LICENCE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingLicence> | null;
    if (!value || typeof value.orderId !== 'number' || typeof value.fileName !== 'string' || typeof value.base64 !== 'string') return null;
    return { orderId: value.orderId, fileName: value.fileName, base64: value.base64 };
  } catch {
    return null;
  }
}

export function clearPendingLicence(): void {
  try {
    window.sessionStorage.removeItem(LICENCE_KEY);
  } catch {
    // Nothing to clear.
  }
}
