/**
 * Failures that mean the caller sent something we cannot take, wherever they surface: the error
 * handler answers them 400 instead of 500. The routes' schemas catch these first where they can
 * name the field; this is the net under every route.
 */

/**
 * PostgreSQL's refusals of a value: 22003 out of range (an id beyond int4), 22P02 not a number/uuid,
 * 22021 a NUL byte in text, 22P05 a NUL in JSON, 22001 too long for its column. PGlite and
 * PostgreSQL both report the code on the driver error, which drizzle wraps as `cause`.
 */
const DATABASE_INPUT_ERRORS = new Set(['22003', '22P02', '22021', '22P05', '22001']);

export function isDatabaseInputError(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_INPUT_ERRORS.has(code)) return true;
  }
  return false;
}

/**
 * The multipart parser's (@fastify/busboy) errors for a body that is not well-formed multipart: no
 * boundary in the content type, or the body ending before its closing boundary. They carry no
 * status of their own.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && MALFORMED_MULTIPART.test(error.message);
}
