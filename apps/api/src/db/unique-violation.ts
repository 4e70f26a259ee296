/**
 * A unique-constraint violation (PostgreSQL 23505), wherever the driver nests it (drizzle wraps the
 * driver's error in `cause`): the constraint's name ('' when the driver gives none), or null for
 * any other error. Two operators saving the same name at once end here, not in a 500.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
