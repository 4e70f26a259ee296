/**
 * The PublicIp port: publishing a VM's services on the company's public address. Adapters: Cisco
 * Meraki (MX port forwarding rules, Dashboard API v1) and the simulator (embedded default, rules in
 * the database). The portal asks for one VM's forwarding at a time; the adapter merges it into the
 * network's whole rule list (Meraki's PUT replaces the list) and owns rate-limit back-off.
 */

export type PortForwarding = {
  /** The VM's address on the LAN, dotted IPv4. */
  lanIp: string;
  /** Shown as the rules' name so an operator sees whose rules they are (the spec's host name). */
  hostName: string;
  /** Ports or ranges ("8100-8101") forwarded as TCP; at least one. */
  tcpPorts: string[];
  /** Ports or ranges forwarded as UDP; may be empty. */
  udpPorts: string[];
  /** Stable per VM (e.g. `vm-42`): the rules carry it so a retried call replaces, never duplicates. */
  key: string;
};

/**
 * - `unavailable`: unreachable, time-out, 5xx, or still rate-limited after the back-off — retry later;
 * - `auth`: API key refused (401/403) — needs an operator;
 * - `rejected`: the rules themselves refused (400, e.g. a port already forwarded elsewhere).
 */
export type PublicIpErrorKind = 'unavailable' | 'auth' | 'rejected';

export class PublicIpError extends Error {
  constructor(
    readonly kind: PublicIpErrorKind,
    message: string,
    readonly provider: string,
  ) {
    super(message);
    this.name = 'PublicIpError';
  }

  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

export interface PublicIp {
  readonly provider: string;
  /** Adds or replaces the forwarding rules of `key`; returns the public address they answer on. */
  forward(input: PortForwarding): Promise<{ publicIp: string }>;
  /** Removes every rule of `key` (a VM deleted or archived); no rules is not an error. */
  release(key: string): Promise<void>;
  /**
   * A public port of `input` that another key's rule already takes, when the network can say so
   * quickly (asked before a request is accepted); undefined when free or unknown (the job decides).
   */
  findClash(input: PortForwarding): Promise<TakenPort | undefined>;
}

/** A public port another VM (or a rule made by hand) already forwards. */
export type TakenPort = { protocol: 'tcp' | 'udp'; publicPort: string };
