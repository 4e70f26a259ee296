import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages } from '@mawingu/contracts/messages';
import { AppError } from './app-error.ts';
import { isDatabaseInputError, isMalformedMultipart } from './bad-input-errors.ts';

type ErrorBody = { status: number; message: string; data: { fieldErrors?: Record<string, string>; requestId?: string } | null };

function send(res: FastifyReply, body: ErrorBody) {
  return res.code(body.status).send(body);
}

/** Field name of a validation issue: "/emailID" → "emailID", "/items/0/name" → "items.0.name". */
function fieldOf(instancePath: string, missingProperty?: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return fromPath || (typeof missingProperty === 'string' ? missingProperty : 'body');
}

/**
 * Maps every failure to the envelope in one place. Validation names each field with the
 * contract's message; unexpected errors are logged with the request id and answered without detail.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, res: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldOf(issue.instancePath, (issue.params as { missingProperty?: unknown })?.missingProperty);
        fieldErrors[field] ??= issue.message ?? messages.invalidRequest;
      }
      const first = Object.values(fieldErrors)[0] ?? messages.invalidRequest;
      return send(res, { status: 400, message: first, data: { fieldErrors } });
    }
    if (error instanceof AppError) {
      return send(res, {
        status: error.status,
        message: error.message,
        data: error.fieldErrors ? { fieldErrors: error.fieldErrors } : null,
      });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, reqId: req.id }, 'reply did not match its schema');
      return send(res, { status: 500, message: messages.serverError, data: { requestId: String(req.id) } });
    }
    // What the caller sent and the database or the multipart parser refused: the caller's mistake.
    if (isDatabaseInputError(error) || isMalformedMultipart(error)) {
      req.log.warn({ err: error, reqId: req.id }, 'bad input refused');
      return send(res, { status: 400, message: messages.invalidRequest, data: null });
    }
    const status = error.statusCode ?? 500;
    // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
    if (status >= 400 && status < 500) {
      const message = status === 429 ? messages.tooManyRequests : status === 413 ? 'Request body is too large' : messages.invalidRequest;
      return send(res, { status, message, data: null });
    }
    req.log.error({ err: error, reqId: req.id }, 'unexpected error');
    return send(res, { status: 500, message: messages.serverError, data: { requestId: String(req.id) } });
  });
}
