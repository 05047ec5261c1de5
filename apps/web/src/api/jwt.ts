/** Seconds since the epoch at which a JWT expires, read from its payload's `exp` claim; null if unreadable. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** Seconds of validity an access token has left (negative once expired; 0 when the expiry is unknown). */
export function secondsLeft(token: string, nowMs = Date.now()): number {
  const exp = jwtExpiry(token);
  return exp === null ? 0 : exp - nowMs / 1000;
}
