import type { FastifyBaseLogger } from 'fastify';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import {
  GatewayVerificationError,
  type GatewayAcknowledgement,
  type GatewayInput,
  type PaymentGateway,
} from '../../../integrations/payments/payment-gateway.ts';
import { attemptOfClaim, expectedOf, type AttemptRow } from './attempt-store.ts';
import { recordEvent, type EventChannel } from './gateway-events.ts';
import type { GatewaySource } from './gateway-credentials.ts';
import type { Settlement } from './settle-attempt.ts';

type Outcome = 'accepted' | 'refused' | 'retry';

/** The reply the gateway wants; adapters without their own: 200 for accepted/refused, 503 to be sent again. */
function acknowledge(gateway: PaymentGateway | undefined, input: GatewayInput, outcome: Outcome): GatewayAcknowledgement {
  return gateway?.acknowledge?.(input, outcome) ?? (outcome === 'retry' ? { status: 503, body: '' } : { status: 200, body: '' });
}

/**
 * A server-to-server message (ITN, notify, IPN, webhook): no customer, no site — the tenant is the
 * attempt's. Every message is recorded; only what the adapter verifies against the attempt
 * reaches the paying transaction. A message we could not judge now is answered "send it again".
 */
export function createNotificationReceiver({ db, gateways, settlement }: { db: Db; gateways: GatewaySource; settlement: Settlement }) {
  async function receive(
    key: GatewayKey,
    input: GatewayInput,
    log: FastifyBaseLogger,
    channel: EventChannel = 'notification',
  ): Promise<GatewayAcknowledgement> {
    // Reading the claim and answering are protocol; verifying needs the account of the attempt's company.
    const gateway = gateways.protocol(key);
    const payload = { body: input.body, query: input.query };
    let attempt: AttemptRow | undefined;

    const refuse = async (outcome: 'refused' | 'retry', reason: string): Promise<GatewayAcknowledgement> => {
      log.warn({ gateway: key, attemptId: attempt?.id, reason }, `payment ${channel} ${outcome}`);
      try {
        await recordEvent(db, {
          companyId: attempt?.companyId ?? null,
          attemptId: attempt?.id ?? null,
          gateway: key,
          channel,
          outcome,
          reason,
          payload,
        });
      } catch (err) {
        log.error({ err }, 'could not record a gateway event');
        return acknowledge(gateway, input, 'retry');
      }
      return acknowledge(gateway, input, outcome);
    };

    try {
      attempt = await attemptOfClaim(db, key, gateway.identify(input));
      if (!attempt) return await refuse('refused', 'reference: no payment attempt of ours');
      // Unreadable company credentials throw: answered "send it again" until an operator re-enters them.
      const account = await gateways.adapterFor(attempt.companyId, key);
      if (!account) return await refuse('refused', 'gateway not configured for this company on this server');
      const verified = await account.verifyNotification({
        ...input,
        expected: expectedOf(attempt),
      });
      await settlement.settle(attempt.id, verified, channel, {
        ...payload,
        verified: verified.raw,
      });
      return acknowledge(gateway, input, 'accepted');
    } catch (err) {
      if (err instanceof GatewayVerificationError)
        return refuse(err.reason === 'unavailable' ? 'retry' : 'refused', `${err.reason}: ${err.message}`);
      // Our own failure (database…): nothing was written, the gateway sends it again.
      log.error({ err, gateway: key }, 'payment notification failed');
      return refuse('retry', `error: ${(err as Error).message}`);
    }
  }

  return { receive };
}

export type NotificationReceiver = ReturnType<typeof createNotificationReceiver>;
