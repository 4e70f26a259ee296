import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../../config.ts';
import { ozowFromConfig, payfastFromConfig } from '../../../integrations/payments/form-gateways.ts';
import type { PaymentGateway } from '../../../integrations/payments/payment-gateway.ts';
import { paypalFromConfig, pesapalFromConfig } from '../../../integrations/payments/redirect-gateways.ts';

/** The adapters this server can pay through, by gateway key (absent: not configured, never offered). */
export type GatewayRegistry = Partial<Record<GatewayKey, PaymentGateway>>;

/** Built once per app: the Pesapal and PayPal adapters cache tokens and the IPN id. */
export function gatewaysFromConfig(config: Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal'>): GatewayRegistry {
  const registry: GatewayRegistry = {};
  const payfast = payfastFromConfig(config);
  const ozow = ozowFromConfig(config);
  const pesapal = pesapalFromConfig(config);
  const paypal = paypalFromConfig(config);
  if (payfast) registry.payfast = payfast;
  if (ozow) registry.ozow = ozow;
  if (pesapal) registry.pesapal = pesapal;
  if (paypal) registry.paypal = paypal;
  return registry;
}
