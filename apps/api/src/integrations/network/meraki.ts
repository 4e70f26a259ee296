/**
 * The Cisco Meraki adapter (Dashboard API v1, protocols.md §7): MX port forwarding rules of one
 * network. Meraki's PUT replaces the whole list, so every change is GET → merge → PUT: the rules of
 * other VMs (and rules made by hand) are kept as they were. A VM's rules carry its key as the first
 * word of their `name` ("vm-42 web01 tcp"), which is how a retry replaces rather than duplicates.
 *
 * Rate limits (10 requests/s per organisation): a 429 is retried after its Retry-After seconds, or
 * with exponential back-off when absent; 5xx and network failures are retried the same way; after
 * `maxRetries` retries the call is `unavailable`.
 */
import { PublicIpError, type PortForwarding, type PublicIp } from './public-ip.ts';
import { firstClash, forwardingRules, isRuleOf, type MerakiRule } from './port-forwarding-rules.ts';

export type MerakiSettings = {
  apiKey: string;
  networkId: string;
  /** The MX's public address that the forwarded ports answer on (Meraki's rules do not say it). */
  publicIp: string;
  /** Default https://api.meraki.com/api/v1 (regional hosts: api.meraki.ca, .cn, .in, api.gov-meraki.com). */
  baseUrl?: string;
  maxRetries?: number;
  /** First back-off step (ms) when a 429 has no Retry-After, doubling each retry, capped by backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  requestTimeoutMs?: number;
};

const provider = 'meraki';

export function createMerakiPublicIp(settings: MerakiSettings): PublicIp {
  const baseUrl = (settings.baseUrl ?? 'https://api.meraki.com/api/v1').replace(/\/+$/, '');
  const rulesUrl = `${baseUrl}/networks/${encodeURIComponent(settings.networkId)}/appliance/firewall/portForwardingRules`;
  const maxRetries = settings.maxRetries ?? 5;
  const backoffBaseMs = settings.backoffBaseMs ?? 1000;
  const backoffMaxMs = settings.backoffMaxMs ?? 60_000;
  const requestTimeoutMs = settings.requestTimeoutMs ?? 30_000;
  // One read-merge-write at a time in this process, so two changes here never overwrite each other.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  function backoff(attempt: number, retryAfter: string | null): number {
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    return Math.min(backoffMaxMs, backoffBaseMs * 2 ** attempt * (1 + Math.random()));
  }

  async function call(method: 'GET' | 'PUT', body?: { rules: MerakiRule[] }, retries = maxRetries): Promise<{ rules: MerakiRule[] }> {
    for (let attempt = 0; ; attempt++) {
      let res: Response | undefined;
      let failure = 'no answer';
      try {
        res = await fetch(rulesUrl, {
          method,
          headers: {
            authorization: `Bearer ${settings.apiKey}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (err) {
        res = undefined;
        failure = (err as Error).message;
      }
      if (res) {
        const text = await res.text().catch(() => '');
        if (res.ok) return text ? (JSON.parse(text) as { rules: MerakiRule[] }) : { rules: [] };
        const errors = (() => {
          try {
            return ((JSON.parse(text) as { errors?: string[] }).errors ?? []).join('; ');
          } catch {
            return text.slice(0, 200);
          }
        })();
        const what = `Meraki ${method} port forwarding rules answered ${res.status}${errors ? `: ${errors}` : ''}`;
        if (res.status === 401 || res.status === 403) throw new PublicIpError('auth', what, provider);
        // A key without access to the network gets 404: an operator must fix the configuration.
        if (res.status === 404) throw new PublicIpError('auth', what, provider);
        if (res.status !== 429 && res.status < 500) throw new PublicIpError('rejected', what, provider);
        failure = what;
      }
      if (attempt >= retries) throw new PublicIpError('unavailable', `${failure} (gave up after ${retries} retries)`, provider);
      await new Promise((r) => setTimeout(r, backoff(attempt, res?.status === 429 ? res.headers.get('retry-after') : null)));
    }
  }

  return {
    provider,

    forward: (input: PortForwarding) =>
      serially(async () => {
        const { rules } = await call('GET');
        const kept = rules.filter((rule) => !isRuleOf(rule, input.key));
        await call('PUT', { rules: [...kept, ...forwardingRules(input)] });
        return { publicIp: settings.publicIp };
      }),

    // One GET, no back-off: a customer is waiting. Unreachable or refused: unknown, the job decides.
    async findClash(input: PortForwarding) {
      const { rules } = await call('GET', undefined, 0).catch(() => ({ rules: [] as MerakiRule[] }));
      return firstClash(
        forwardingRules(input),
        rules.filter((rule) => !isRuleOf(rule, input.key)),
      );
    },

    release: (key: string) =>
      serially(async () => {
        const { rules } = await call('GET');
        const kept = rules.filter((rule) => !isRuleOf(rule, key));
        if (kept.length !== rules.length) await call('PUT', { rules: kept });
      }),
  };
}
