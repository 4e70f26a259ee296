import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Whom the server believes about the client's address (`X-Forwarded-For`) and protocol:
 * nobody (the socket's address is the client), the listed proxies, or the first `hops` hops.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'addresses'; addresses: string[] } | { kind: 'hops'; hops: number };

/** proxy-addr's names for the reserved ranges (loopback, link-local, unique local). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY: unset, a hop count (1–10), or a comma list of addresses, CIDRs and range names. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = value?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10
      ? { kind: 'hops', hops }
      : { problem: 'TRUST_PROXY must be a hop count from 1 to 10, or a comma list of proxy addresses or CIDRs' };
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    return {
      problem: `TRUST_PROXY must be a hop count or a comma list of proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16); not understood: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    };
  }
  return { kind: 'addresses', addresses: entries };
}

/**
 * Fastify's `trustProxy`. A hop count trusts the nearest hops whatever their address, which is
 * right only where clients cannot reach the server but through the proxies (Fastify's own number
 * option refuses to do that, hence the function).
 */
export function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust.kind === 'addresses') return trust.addresses;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  return false;
}

/**
 * Whether the peer at the other end of the socket is a trusted proxy: then what it says about the
 * request (the request id it forwards) may be believed. The same rule Fastify applies to hop 0.
 */
export function trustsPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust.kind === 'none') return () => false;
  if (trust.kind === 'hops') return (address) => address !== undefined;
  const trusted = proxyAddr.compile(trust.addresses);
  return (address) => address !== undefined && trusted(address, 0);
}

/** The last of a repeated header's values, as Fastify reads X-Forwarded-Host and -Proto. */
const lastEntry = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim();

/**
 * The client's address and the host asked for, as Fastify's `req.ip` and `req.host` give them
 * under this trust, for requests answered before Fastify sees them (http/read-lane.ts).
 */
export function addressingOf(trust: TrustProxy): (req: IncomingMessage) => { ip: string | undefined; host: string } {
  const option = trustProxyOption(trust);
  const trusted = typeof option === 'function' ? option : Array.isArray(option) ? proxyAddr.compile(option) : undefined;
  return (req) => {
    if (!trusted) return { ip: req.socket.remoteAddress, host: req.headers.host ?? '' };
    const forwardedHost = req.headers['x-forwarded-host'];
    const peer = req.socket.remoteAddress;
    return {
      ip: proxyAddr(req, trusted),
      host:
        typeof forwardedHost === 'string' && peer !== undefined && trusted(peer, 0) ? lastEntry(forwardedHost) : (req.headers.host ?? ''),
    };
  };
}
