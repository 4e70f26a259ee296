import type { Db } from '../../../db/client.ts';
import { gatewayEvents } from '../../../db/schema.ts';

/** manual: an operator's reconciliation in the console (payload: who and why); refund: a refund's answer (ADR 0116). */
export type EventChannel = 'notification' | 'return' | 'cancel' | 'reconcile' | 'bypass' | 'manual' | 'refund';
export type EventOutcome = 'paid' | 'failed' | 'cancelled' | 'pending' | 'refused' | 'retry' | 'duplicate' | 'refunded';

export type GatewayEvent = {
  companyId: number | null;
  attemptId: number | null;
  gateway: string;
  channel: EventChannel;
  outcome: EventOutcome;
  reason?: string | null;
  payload: unknown;
};

/** PostgreSQL keeps no NUL byte in text or JSON: one that arrived is kept as the six characters `\u0000`. */
const escapeNul = (text: string) => text.replaceAll('\u0000', '\\u0000');
/** In JSON text: a `\u0000` escape (not an escaped backslash before "u0000") becomes an escaped backslash. */
const NUL_IN_JSON = /(?<!\\)((?:\\\\)*)\\u0000/g;

/** A JSON-safe copy of what arrived (raw strings stay strings; undefined fields are dropped; NUL escaped, keys too). */
function jsonSafe(payload: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(payload ?? null).replace(NUL_IN_JSON, '$1\\\\u0000')) ?? {};
  } catch {
    return { unserialisable: escapeNul(String(payload)) };
  }
}

/** Every return and notification is kept, verified or not, with what we made of it (pass `tx` to write it with the change). */
export async function recordEvent(db: Db, event: GatewayEvent): Promise<void> {
  await db.insert(gatewayEvents).values({
    companyId: event.companyId,
    attemptId: event.attemptId,
    gateway: event.gateway,
    channel: event.channel,
    outcome: event.outcome,
    reason: event.reason === undefined || event.reason === null ? null : escapeNul(event.reason.slice(0, 1000)),
    payload: jsonSafe(event.payload),
  });
}
