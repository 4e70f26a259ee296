import type { GatewayMode, PaymentSettingsReply, PaymentSettingsUpdate } from '@mawingu/contracts/admin/payments';
import type { GatewayKey } from '@mawingu/contracts/purchase';

/** What the payment settings form holds while the operator edits it. */
export type GatewayDraft = { mode: GatewayMode; values: Record<string, string> };
export type Draft = { bypass: boolean; regions: Record<number, GatewayKey[]>; gateways: Record<string, GatewayDraft> };

/** The form starts from what is stored; credential fields always start empty (stored values are never sent back). */
export function draftOf(data: PaymentSettingsReply): Draft {
  return {
    bypass: data.bypass,
    regions: Object.fromEntries(data.regions.map((r) => [r.id, [...r.gateways]])),
    gateways: Object.fromEntries(
      data.gateways.map((g) => [g.gateway, { mode: g.mode, values: Object.fromEntries(g.fields.map((f) => [f.name, ''])) }]),
    ),
  };
}

/** Only what the operator changed: a gateway section is sent when its mode changed or a value was typed. */
export function updateOf(data: PaymentSettingsReply, draft: Draft): PaymentSettingsUpdate {
  const gateways: NonNullable<PaymentSettingsUpdate['gateways']> = {};
  for (const stored of data.gateways) {
    const d = draft.gateways[stored.gateway]!;
    const typed = Object.entries(d.values).filter(([, v]) => v.trim() !== '');
    const modeChanged = stored.configured && d.mode !== stored.mode;
    if (typed.length || modeChanged) gateways[stored.gateway] = { mode: d.mode, credentials: Object.fromEntries(typed) };
  }
  return {
    bypass: draft.bypass,
    regions: data.regions.map((r) => ({ id: r.id, gateways: draft.regions[r.id] ?? [] })),
    ...(Object.keys(gateways).length ? { gateways } : {}),
  };
}
