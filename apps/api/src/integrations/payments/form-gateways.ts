import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { LOCAL_SANDBOX_PATH } from './gateway-settings.ts';
import { createOzowGateway } from './ozow.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createPayFastGateway } from './payfast.ts';

/**
 * The PayFast and Ozow adapters as configured (see gateway-settings.ts): real credentials → the
 * gateway; none outside production → the protocol fake this server mounts at /dev/sandbox/<gateway>;
 * none in production → not offered (undefined).
 */
export function payfastFromConfig(config: Pick<Config, 'payfast'>): PaymentGateway | undefined {
  const c = config.payfast;
  return (
    c &&
    createPayFastGateway({
      merchantId: c.merchantId,
      merchantKey: c.merchantKey,
      passphrase: c.passphrase,
      baseUrl: c.checkoutBaseUrl ?? c.baseUrl,
      serverBaseUrl: c.baseUrl,
      sandbox: c.sandbox,
      checkSourceIp: c.checkSourceIp,
    })
  );
}

export function ozowFromConfig(config: Pick<Config, 'ozow'>): PaymentGateway | undefined {
  const c = config.ozow;
  return (
    c &&
    createOzowGateway({
      siteCode: c.siteCode,
      privateKey: c.privateKey,
      apiKey: c.apiKey,
      payUrl: c.payUrl,
      apiUrl: c.apiUrl,
      isTest: c.isTest,
    })
  );
}

/**
 * Mounts the local PayFast and Ozow sandboxes the configuration points at. The fakes are imported
 * only here, only when needed, so a production server never loads them.
 */
export async function mountFormGatewaySandboxes(app: FastifyInstance, config: Pick<Config, 'payfast' | 'ozow' | 'env'>): Promise<void> {
  if (config.env === 'production') return;
  if (config.payfast?.localSandbox) {
    const { createFakePayFast } = await import('../../../../../tools/fakes/payfast.ts');
    await app.register(createFakePayFast().plugin, { prefix: LOCAL_SANDBOX_PATH.payfast });
  }
  if (config.ozow?.localSandbox) {
    const { createFakeOzow } = await import('../../../../../tools/fakes/ozow.ts');
    await app.register(createFakeOzow().plugin, { prefix: LOCAL_SANDBOX_PATH.ozow });
  }
}
