import { GATEWAY_NAMES, type GatewayKey } from '@mawingu/contracts/purchase';

/** The spec's payment mode: the gateway's spec name, "Bypass", or "Manual Payment" (an operator's reconciliation). */
export const paymentModeOf = (gateway: string): string =>
  gateway === 'bypass' ? 'Bypass' : gateway === 'manual' ? 'Manual Payment' : (GATEWAY_NAMES[gateway as GatewayKey] ?? gateway);
