import type { FastifyInstance } from 'fastify';
import type { CacheBus, CacheTopic } from './cache-bus.ts';

/**
 * For console routes under /companies/:companyId whose changes the site's caches hold (news, FAQ):
 * after each change that succeeded, the topic is announced for that company before the operator
 * hears back, so the next read of the site, on any instance, shows it. Reads announce nothing.
 */
export function announceChanges(app: FastifyInstance, caches: CacheBus, topic: CacheTopic) {
  app.addHook('onSend', async (req, res, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || res.statusCode >= 300) return payload;
    const companyId = Number((req.params as { companyId?: unknown }).companyId);
    await caches.invalidate(topic, Number.isInteger(companyId) ? companyId : undefined);
    return payload;
  });
}
