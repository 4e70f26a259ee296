/**
 * Which order a /purchasedetails history entry created, so a reload (or Back to the same entry)
 * reads that order again with getOrderDetail instead of creating a second one. Keyed by the
 * history entry's key, which the browser keeps across reloads with the entry's state; a new Buy
 * Now is a new entry and so a new order. sessionStorage: it belongs to this tab.
 */
const KEY = 'purchaseOrders';
const KEEP = 20;

type Remembered = { entry: string; kind: number; orderId: number };

function readAll(): Remembered[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (r): r is Remembered =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.entry === 'string' &&
        typeof r.kind === 'number' &&
        Number.isInteger(r.orderId) &&
        r.orderId > 0,
    );
  } catch {
    return [];
  }
}

export function rememberedOrder(entry: string, kind: number): number | null {
  return readAll().find((r) => r.entry === entry && r.kind === kind)?.orderId ?? null;
}

export function rememberOrder(entry: string, kind: number, orderId: number): void {
  const others = readAll().filter((r) => r.entry !== entry);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...others, { entry, kind, orderId }].slice(-KEEP)));
  } catch {
    // Storage refused: a reload then creates a new order, which the server prices the same way.
  }
}
