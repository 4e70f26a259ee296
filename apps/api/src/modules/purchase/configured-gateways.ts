import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../config.ts';

/** Gateways this server can take payments through (credentials, or the local sandbox outside production). */
export function configuredGateways(config: Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal'>): Set<GatewayKey> {
  const all: GatewayKey[] = ['payfast', 'ozow', 'pesapal', 'paypal'];
  return new Set(all.filter((g) => config[g] !== undefined));
}
