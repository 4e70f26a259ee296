/**
 * Status codes the API replies with; the HTTP status always equals `status`. Kept apart from the
 * schemas (re-exported by envelope.ts) so that code needing only the codes does not bring zod into
 * the SPA's first load.
 */
export const STATUS = {
  ok: 200,
  maintenance: 300,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  tooManyRequests: 429,
  serverError: 500,
} as const;
