/**
 * The /renewMultipleVM/{value} route value: the chosen VMs, opaque and URL-safe. The spec encrypts
 * the VM names with a key shipped to the browser; names are not unique and such a key protects
 * nothing, so the value is the VM ids ("12, 15") in base64url. The server checks every id belongs to
 * the customer, so a hand-made value shows nothing it should not.
 */
export function encodeMultiRenewValue(vmIds: readonly number[]): string {
  return btoa(vmIds.join(', ')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The VM ids of a route value; null when it is not one (the page then shows the server's 400). */
export function decodeMultiRenewValue(value: string): number[] | null {
  try {
    const text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const ids = text.split(',').map((part) => part.trim());
    if (ids.length === 0 || ids.some((id) => !/^[1-9]\d{0,9}$/.test(id))) return null;
    return [...new Set(ids.map(Number))];
  } catch {
    return null;
  }
}
