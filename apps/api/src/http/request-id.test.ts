import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

const FORWARDED = 'haproxy-4f2c1a';
const request = (remoteAddress: string | undefined) =>
  ({ headers: { 'x-request-id': FORWARDED }, socket: { remoteAddress } }) as unknown as IncomingMessage;
const trust = (value: string | undefined) => parseTrustProxy(value) as TrustProxy;

/** Which peers' X-Request-Id is kept, for each form of TRUST_PROXY. */
describe('X-Request-Id is believed from the proxies TRUST_PROXY names, and only them', () => {
  it.each([
    [undefined, '127.0.0.1', false],
    ['10.0.0.5', '10.0.0.5', true],
    ['10.0.0.5', '::ffff:10.0.0.5', true],
    ['10.0.0.5', '10.0.0.6', false],
    ['10.1.0.0/16', '10.1.200.3', true],
    ['10.1.0.0/16', '10.2.0.1', false],
    ['loopback', '::1', true],
    ['loopback,uniquelocal', '192.168.4.4', true],
    ['loopback', '198.51.100.7', false],
    // A hop count trusts the nearest proxy whatever its address (clients cannot reach the server directly).
    ['1', '198.51.100.7', true],
    ['1', undefined, false],
  ])('TRUST_PROXY=%s, peer %s: kept %s', (setting, peer, kept) => {
    const id = requestIdOf(trust(setting))(request(peer));
    expect(id === FORWARDED).toBe(kept);
  });
});
