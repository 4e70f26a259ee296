import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Is an ITN from PayFast? (protocols.md §1.4 step 3): the published ranges, plus whatever PayFast's
 * host names resolve to now. Resolution is cached for ten minutes; a failed lookup only drops that host.
 */
const PUBLISHED_RANGES: Array<[string, number]> = [
  ['197.97.145.144', 28],
  ['41.74.179.192', 27],
  ['102.216.36.0', 28],
  ['102.216.36.128', 28],
  ['144.126.193.139', 32],
];
const HOSTS = ['www.payfast.co.za', 'sandbox.payfast.co.za', 'w1w.payfast.co.za', 'w2w.payfast.co.za'];
const CACHE_MS = 10 * 60 * 1000;

export type SourceCheck = (ip: string | undefined) => Promise<boolean>;

export function createPayFastSourceCheck(resolve4: (host: string) => Promise<string[]> = (h) => dns.resolve4(h)): SourceCheck {
  const ranges = new BlockList();
  for (const [net, prefix] of PUBLISHED_RANGES) ranges.addSubnet(net, prefix, 'ipv4');
  let resolved: { at: number; ips: Set<string> } | undefined;

  async function hostIps(): Promise<Set<string>> {
    if (resolved && Date.now() - resolved.at < CACHE_MS) return resolved.ips;
    const lists = await Promise.all(HOSTS.map((h) => resolve4(h).catch(() => [] as string[])));
    resolved = { at: Date.now(), ips: new Set(lists.flat()) };
    return resolved.ips;
  }

  return async (ip) => {
    if (!ip) return false;
    const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (isIP(v4) !== 4) return false;
    if (ranges.check(v4, 'ipv4')) return true;
    return (await hostIps()).has(v4);
  };
}
