import type { GatewayKey } from '@mawingu/contracts/purchase';
import { GatewayRequestError } from './payment-gateway.ts';

type CallOptions = {
  gateway: GatewayKey;
  /** The call as errors name it ("POST /refunds/123"). */
  label: string;
  /** How an answer without JSON is named, where the adapter names it otherwise than the call. */
  answerLabel?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Statuses refused before the body is read (PayFast's 429 and 5xx): a retry may do better. */
  refuse?: (status: number) => boolean;
};

/**
 * One request to a gateway's JSON API as the adapters all make it: aborted after `timeoutMs`; one
 * that does not get through, or an answer that is not JSON (an empty body is `undefined`), is a
 * GatewayRequestError naming the call. Any HTTP status is the caller's to judge.
 */
export async function callGateway(url: string, init: RequestInit, options: CallOptions): Promise<{ status: number; json: unknown }> {
  const { gateway, label, answerLabel = label, timeoutMs } = options;
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (cause) {
    throw new GatewayRequestError(gateway, `${label} failed: ${(cause as Error).message}`);
  }
  if (options.refuse?.(res.status)) throw new GatewayRequestError(gateway, `${label} answered HTTP ${res.status}`, res.status);
  const text = await res.text();
  try {
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  } catch {
    throw new GatewayRequestError(gateway, `${answerLabel} answered HTTP ${res.status} with no JSON`, res.status);
  }
}
