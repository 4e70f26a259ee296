import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes NUL bytes as they came and deals with them itself (gateways' raw messages). */
    keepsNul?: boolean;
  }
}

/** What a field with a NUL byte is told: no text a person types has one, and PostgreSQL stores none. */
export const NUL_MESSAGE = 'This field may not contain a NUL character';

/** The path of the first string holding a NUL ("q", "items.0.name"), or undefined. */
function nulAt(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'body' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')].join('.');
    const found = nulAt(inner, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Refuses a NUL byte in any parameter, query or JSON field with a 400 naming the field, before
 * validation and long before the database (which would refuse it as a 500). Multipart fields are
 * read by their routes; the error handler's net catches those.
 */
export function registerNulGuard(app: FastifyInstance) {
  // Callback style: every request passes here, and most have nothing to refuse.
  app.addHook('preValidation', (req: FastifyRequest, res: FastifyReply, done: () => void) => {
    const field = req.routeOptions.config?.keepsNul
      ? undefined
      : (nulAt(req.params) ?? nulAt(req.query) ?? (req.isMultipart() ? undefined : nulAt(req.body)));
    if (field === undefined) return done();
    void res.code(400).send({ status: 400, message: NUL_MESSAGE, data: { fieldErrors: { [field]: NUL_MESSAGE } } });
  });
}
