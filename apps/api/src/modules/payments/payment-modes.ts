import { GATEWAY_NAMES, type GatewayKey } from '@mawingu/contracts/purchase';

/** The spec's payment mode: the gateway's spec name, "Bypass", or "Manual Payment" (an operator's reconciliation). */
export const paymentModeOf = (gateway: string): string =>
  gateway === 'bypass' ? 'Bypass' : gateway === 'manual' ? 'Manual Payment' : (GATEWAY_NAMES[gateway as GatewayKey] ?? gateway);

/** Order states a payment may still move to paid (a failed or cancelled try can be paid again). */
export const PAYABLE_ORDER_STATES = ['created', 'failed', 'cancelled'] as const;

export const isPayableState = (status: string) => (PAYABLE_ORDER_STATES as readonly string[]).includes(status);
