import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createPayPalGateway } from './paypal.ts';
import { createPesapalGateway } from './pesapal.ts';

/**
 * The Pesapal and PayPal adapters as configured: real credentials → the provider's API; none outside
 * production → the protocol fake this server mounts at /dev/sandbox/<gateway>; none in production →
 * not offered (undefined).
 */
export function pesapalFromConfig(config: Pick<Config, 'pesapal'>): PaymentGateway | undefined {
  const c = config.pesapal;
  return c && createPesapalGateway({ baseUrl: c.baseUrl, consumerKey: c.id, consumerSecret: c.secret, test: c.test });
}

export function paypalFromConfig(config: Pick<Config, 'paypal'>): PaymentGateway | undefined {
  const c = config.paypal;
  return c && createPayPalGateway({ baseUrl: c.baseUrl, clientId: c.id, clientSecret: c.secret, test: c.test });
}

/**
 * Mounts the local sandboxes the configuration points at. The fakes are imported only here, only
 * when needed, so a production server never loads them.
 */
export async function mountRedirectGatewaySandboxes(
  app: FastifyInstance,
  config: Pick<Config, 'pesapal' | 'paypal' | 'env'>,
): Promise<void> {
  if (config.env === 'production') return;
  if (config.pesapal?.localSandbox) {
    const { createFakePesapal } = await import('../../../../../tools/fakes/pesapal.ts');
    await app.register(createFakePesapal().plugin, { prefix: '/dev/sandbox/pesapal' });
  }
  if (config.paypal?.localSandbox) {
    const { createFakePayPal } = await import('../../../../../tools/fakes/paypal.ts');
    await app.register(createFakePayPal().plugin, { prefix: '/dev/sandbox/paypal' });
  }
}
