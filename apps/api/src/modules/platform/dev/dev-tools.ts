import net from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@mawingu/contracts/messages';
import { GATEWAYS } from '@mawingu/contracts/purchase';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { mountFormGatewaySandboxes } from '../../../integrations/payments/form-gateways.ts';
import { mountRedirectGatewaySandboxes } from '../../../integrations/payments/redirect-gateways.ts';
import { outboxRoutes } from './outbox-routes.ts';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Headers a proxy adds: behind one, every visitor's connection comes from the proxy (often this machine). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from this machine, by the connection's own address (a header can be
 * forged, so none ever opens /dev): loopback (127.0.0.0/8, ::1, ::ffff:127.x), or the server's own
 * address on both ends. A request a proxy forwarded (it says so in a header) is not from this machine.
 */
export function fromThisMachine(req: FastifyRequest): boolean {
  const remote = req.socket.remoteAddress;
  if (!remote || !net.isIP(remote)) return false;
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return loopback.check(remote, net.isIPv6(remote) ? 'ipv6' : 'ipv4') || remote === req.socket.localAddress;
}

/**
 * The development tools under /dev: the outbox (every mail's one-time codes and reset links) and
 * the gateway sandboxes (Pay now without money). None is mounted in production; elsewhere they
 * answer this machine only, unless DEV_TOOLS=open; anyone else gets the 404 of an unknown path.
 */
export function devToolsRoutes(config: Config, db: Db): FastifyPluginAsync {
  return async (dev) => {
    dev.addHook('onRequest', async (req: FastifyRequest, res: FastifyReply) => {
      if (config.devTools === 'open' || fromThisMachine(req)) return;
      await res.code(404).send({ status: 404, message: messages.routeNotFound, data: null });
      return res;
    });
    if (config.env !== 'production') await dev.register(outboxRoutes(db));
    // Local PayFast and Ozow sandboxes under /dev/sandbox/* when no credentials are set (never in production).
    await mountFormGatewaySandboxes(dev, config);
    // Local Pesapal and PayPal sandboxes likewise (/dev/sandbox/pesapal, /dev/sandbox/paypal).
    await mountRedirectGatewaySandboxes(dev, config);
  };
}

/** What /dev exposes and to whom, for the start-up warning; undefined in production (nothing there). */
export function devToolsNotice(config: Config): string | undefined {
  if (config.env === 'production') return undefined;
  const sandboxes = GATEWAYS.filter((g) => config[g]?.localSandbox);
  const exposed = [
    '/dev/outbox (mail kept instead of sent: one-time codes, password-reset links)',
    ...(sandboxes.length > 0 ? [`/dev/sandbox/{${sandboxes.join(',')}} (Pay now pays without money, so VMs are free)`] : []),
  ];
  const who =
    config.devTools === 'open'
      ? 'ANYONE who can reach this server (DEV_TOOLS=open)'
      : 'this machine only (set DEV_TOOLS=open to share them)';
  return [
    `WARNING: this is a DEVELOPMENT server (NODE_ENV=${config.env}), not for real customers.`,
    `  It serves ${exposed.join(' and ')} to ${who}.`,
    '  For a real deployment set NODE_ENV=production (with SMTP_URL and AUTH_SECRET).',
  ].join('\n');
}
