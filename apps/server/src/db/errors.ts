// What a database error means, on PGlite and PostgreSQL alike (drizzle wraps the driver's error in `cause`).

/** True when the error, or one it wraps, is a unique-index violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}
