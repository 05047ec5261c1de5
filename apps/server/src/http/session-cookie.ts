// Where the refresh token travels (issue 23, docs/decisions.md "Refresh token in an HttpOnly cookie"):
// for the web app, only in an HttpOnly, SameSite=Strict cookie scoped to /api-auth/ (Secure over https);
// for API clients, in the JSON bodies as spec 000 §7 has it. A refresh made with the cookie answers with the
// cookie, a refresh made with the body answers in the body, so script in the page never reads the token.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { limits, messages, type TokenGrant, type TokenPair } from '@metocean/contracts';
import type { Config } from '../config';
import { HttpError } from './errors';

export const refreshCookieName = 'metocean_refresh';
/** Every route that reads or sets the cookie lives under the authentication prefix. */
export const refreshCookiePath = '/api-auth/';

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

function cookieOptions(request: FastifyRequest, config: Config) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: refreshCookiePath,
    // https as the request came (trusted proxies only) or as the public address is configured
    secure: request.protocol === 'https' || config.publicUrl.startsWith('https://'),
  };
}

/** Whether the caller asked for the cookie (the web app sends `X-Token-Transport: cookie`). */
export function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[limits.tokenTransportHeader.toLowerCase()] === 'cookie';
}

export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  return request.cookies[refreshCookieName] || undefined;
}

/** The answer of a call that issued `pair`: the pair itself, or the access token and the cookie. */
export function grant(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  pair: TokenPair,
  asCookie: boolean,
): TokenGrant {
  if (!asCookie) return pair;
  reply.setCookie(refreshCookieName, pair.refreshToken, {
    ...cookieOptions(request, config),
    maxAge: limits.refreshTokenDays * 86_400,
  });
  return { accessToken: pair.accessToken };
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  reply.clearCookie(refreshCookieName, cookieOptions(request, config));
}

/**
 * The CSRF defence of the calls that act on the cookie, with SameSite=Strict: a JSON content type, which a
 * cross-site form cannot send and a cross-site script cannot send without a CORS preflight we never grant.
 */
export function jsonOnly(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  done(type === 'application/json' ? undefined : new HttpError(415, { detail: messages.jsonRequired }));
}
