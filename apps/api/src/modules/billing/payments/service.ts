import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { FileService } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import type { NotificationService } from '../../identity/index.ts';
import type { PurchaseTermsSource } from '../../orders/index.ts';
import { fixedGateways, type GatewayCredentialsSource, type GatewaySource } from './gateway-credentials.ts';
import { gatewaysFromConfig, type GatewayRegistry } from './gateway-registry.ts';
import { createManualSettlement } from './manual-settlement.ts';
import { createOrderPaymentStatus } from './order-payment-status.ts';
import { createLicenceUploads } from './licence-upload.ts';
import { createNotificationReceiver } from './receive-notification.ts';
import { createReconciler } from './reconcile.ts';
import { createSettlement } from './settle-attempt.ts';
import { createPaymentStarter } from './start-payment.ts';
import { createTransactionUpdates } from './transaction-update.ts';

export type PaymentsDeps = {
  db: Db;
  config: Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal' | 'publicUrl' | 'zarToUsdRate'>;
  queue: JobQueue;
  notifications: NotificationService;
  mail: MailService;
  files: FileService;
  terms: PurchaseTermsSource;
  /** Which account each company pays through (its own credentials, else the server's); built by the app. */
  credentials?: GatewayCredentialsSource;
  /** Tests may pass adapters of their own for every company; without either, the server's configuration. */
  gateways?: GatewayRegistry;
};

/** The payments module: starting payments, verified results, the one paying transaction, licences. */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config } = deps;
  const gateways: GatewaySource = deps.gateways
    ? fixedGateways(deps.gateways)
    : (deps.credentials ?? fixedGateways(gatewaysFromConfig(config)));
  const settlement = createSettlement({
    db,
    queue: deps.queue,
    notifications: deps.notifications,
    mail: deps.mail,
  });
  return {
    gateways,
    settlement,
    starter: createPaymentStarter({
      db,
      gateways,
      terms: deps.terms,
      publicUrl: config.publicUrl,
      zarToUsdRate: config.zarToUsdRate,
    }),
    updates: createTransactionUpdates({ db, gateways, settlement }),
    orderStatus: createOrderPaymentStatus(db),
    notifications: createNotificationReceiver({ db, gateways, settlement }),
    licences: createLicenceUploads(db, deps.files),
    reconciler: createReconciler({ db, gateways, settlement, publicUrl: config.publicUrl }),
    manual: createManualSettlement({ db, settlement, gateways }),
    /** The company's accounts as they resolve now (the console shows what a company without credentials falls back to). */
    credentials: deps.credentials,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module (jobs such as payment reconciliation use it). */
    payments: PaymentsService;
  }
}
