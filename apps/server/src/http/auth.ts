// Bearer-token authentication: every route says whether it needs a caller, may have one, or is public.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes, messages } from '@metocean/contracts';
import { unauthorized } from './errors';
import type { Caller, Services } from '../services/context';
import { loadCaller } from '../services/auth';
import { verifyAccessToken } from '../services/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export function authHandlers(services: Services) {
  const identify = async (request: FastifyRequest, required: boolean): Promise<void> => {
    const token = bearer(request);
    if (!token) {
      if (required) throw unauthorized(messages.notAuthenticated, errorCodes.tokenInvalid);
      return;
    }
    const claims = await verifyAccessToken(services, token);
    request.caller = await loadCaller(services, claims.userId, claims.impersonatorId);
  };
  return {
    required: async (request: FastifyRequest, _reply: FastifyReply) => identify(request, true),
    optional: async (request: FastifyRequest, _reply: FastifyReply) => identify(request, false),
  };
}

/** The caller of a route guarded by `required`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(messages.notAuthenticated, errorCodes.tokenInvalid);
  return request.caller;
}
