/**
 * Port forwarding rules in Meraki's shape (protocols.md §7), built from one VM's request. Both the
 * Meraki adapter and the simulator keep rules like this, so the simulator shows what Meraki would get.
 */
import type { PortForwarding } from './public-ip.ts';

export type MerakiRule = {
  name?: string;
  lanIp: string;
  uplink: 'internet1' | 'internet2' | 'both';
  publicPort: string;
  localPort: string;
  protocol: 'tcp' | 'udp';
  allowedIps: string[];
};

/** A VM's rules are named "<key> <host name> <protocol>": the key is the first word. */
export const isRuleOf = (rule: { name?: string }, key: string) => (rule.name ?? '').split(' ')[0] === key;

/** One rule per port (or range) and protocol; the same port outside and inside, open to any source. */
export function forwardingRules(input: PortForwarding): MerakiRule[] {
  const host = input.hostName.trim().replace(/\s+/g, '-');
  const rules = (ports: string[], protocol: 'tcp' | 'udp'): MerakiRule[] =>
    ports
      .map((p) => p.trim())
      .filter(Boolean)
      .map((port) => ({
        name: `${input.key} ${host} ${protocol}`,
        lanIp: input.lanIp,
        uplink: 'both',
        publicPort: port,
        localPort: port,
        protocol,
        allowedIps: ['any'],
      }));
  return [...rules(input.tcpPorts, 'tcp'), ...rules(input.udpPorts, 'udp')];
}

const range = (port: string): [number, number] => {
  const [from, to] = port.split('-').map((n) => Number(n.trim()));
  return [from ?? NaN, to ?? from ?? NaN];
};

/** Two rules would take the same public port of the same protocol (ranges overlap). */
export function clash(a: Pick<MerakiRule, 'publicPort' | 'protocol'>, b: Pick<MerakiRule, 'publicPort' | 'protocol'>): boolean {
  if (a.protocol !== b.protocol) return false;
  const [a1, a2] = range(a.publicPort);
  const [b1, b2] = range(b.publicPort);
  return a1 <= b2 && b1 <= a2;
}

/** The first of `wanted`'s public ports that one of `others` already takes. */
export function firstClash(
  wanted: MerakiRule[],
  others: Array<Pick<MerakiRule, 'publicPort' | 'protocol'>>,
): Pick<MerakiRule, 'publicPort' | 'protocol'> | undefined {
  for (const rule of wanted) {
    const taken = others.find((o) => clash(rule, o));
    if (taken) return { protocol: rule.protocol, publicPort: rule.publicPort };
  }
  return undefined;
}
