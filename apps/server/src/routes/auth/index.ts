// /api-auth: tokens, sign-up, activation, password reset, impersonation (spec 000 §7 Authentication).
import { LoginThrottle } from '../../services/login-throttle';
import { z } from 'zod';
import {
  activationRequest,
  activationResponse,
  detailResponse,
  errorBody,
  errorCodes,
  impersonateRequest,
  invitationActivationRequest,
  logoutRequest,
  messages,
  paths,
  pendingRegistrationRequest,
  pendingRegistrationResponse,
  refreshRequest,
  registrationRequest,
  resetPasswordConfirmRequest,
  resetPasswordRequest,
  tokenGrant,
  tokenRequest,
  type TokenPair,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { unauthorized } from '../../http/errors';
import {
  clearRefreshCookie,
  grant,
  jsonOnly,
  refreshTokenFromCookie,
  wantsCookie,
} from '../../http/session-cookie';
import * as auth from '../../services/auth';
import { rotateRefreshToken, revokeRefreshToken } from '../../services/tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, RouteDeps } from '../types';

const tags = ['authentication'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 415: errorBody, 429: errorBody };

export function authRoutes(app: App, { services, auth: guard }: RouteDeps): void {
  const { config } = services;
  const throttle = new LoginThrottle();
  app.post(
    paths.token,
    {
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and a password',
        body: tokenRequest,
        response: { 200: tokenGrant, ...errors },
      },
      config: { rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const pair = await auth.login(
        services,
        request.body.username,
        request.body.password,
        request.ip,
        throttle,
      );
      return grant(request, reply, config, pair, wantsCookie(request));
    },
  );

  app.post(
    paths.refresh,
    {
      schema: {
        tags,
        summary: "Exchange a refresh token (the body's, else the cookie's) for a new pair (rotation)",
        body: refreshRequest,
        response: { 200: tokenGrant, ...errors },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      onRequest: jsonOnly,
    },
    async (request, reply) => {
      const fromBody = request.body.refreshToken;
      const token = fromBody ?? refreshTokenFromCookie(request);
      if (!token) throw unauthorized(messages.notAuthenticated, errorCodes.tokenInvalid);
      try {
        const { tokens } = await rotateRefreshToken(services, token);
        return grant(request, reply, config, tokens, fromBody === undefined);
      } catch (error) {
        // A refused cookie is dead: drop it rather than have the browser send it again.
        if (fromBody === undefined) clearRefreshCookie(request, reply, config);
        throw error;
      }
    },
  );

  app.post(
    paths.logout,
    {
      schema: {
        tags,
        summary: "Revoke a refresh token (the body's, else the cookie's) and its family",
        body: logoutRequest,
        response: { 204: z.null(), ...errors },
      },
      onRequest: jsonOnly,
    },
    async (request, reply) => {
      const token = request.body.refreshToken ?? refreshTokenFromCookie(request);
      if (token) await revokeRefreshToken(services, token);
      clearRefreshCookie(request, reply, config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    paths.registration,
    {
      schema: {
        tags,
        summary: 'Sign up: creates an inactive account and mails an activation link',
        body: registrationRequest,
        response: { 201: detailResponse, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await auth.register(services, request.body);
      return reply.status(201).send({ detail: messages.registrationDone });
    },
  );

  app.post(
    paths.registrationPending,
    {
      schema: {
        tags,
        summary: 'Whether an account waits for activation for this e-mail',
        body: pendingRegistrationRequest,
        response: { 200: pendingRegistrationResponse, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => ({ pending: await auth.isRegistrationPending(services, request.body.email) }),
  );

  app.post(
    paths.registrationActivate,
    {
      schema: {
        tags,
        summary:
          'Activate with the verification key (invitees also choose their password); signs the person in',
        body: invitationActivationRequest,
        response: { 200: activationResponse, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      activationRequest.parse(request.body);
      const pair = await auth.activate(services, request.body);
      return {
        detail: messages.activationDone,
        ...grant(request, reply, config, pair, wantsCookie(request)),
      };
    },
  );

  app.post(
    paths.resetPassword,
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the address is known)',
        body: resetPasswordRequest,
        response: { 200: detailResponse, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await auth.requestPasswordReset(services, request.body.email);
      return { detail: messages.resetSent };
    },
  );

  app.post(
    paths.resetPasswordConfirm,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: resetPasswordConfirmRequest,
        response: { 200: detailResponse, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      await auth.confirmPasswordReset(services, request.body);
      return { detail: messages.passwordChanged };
    },
  );

  app.post(
    paths.impersonate,
    {
      schema: {
        tags,
        summary: 'Superusers: act as another user',
        body: impersonateRequest,
        response: { 200: tokenGrant, ...errors },
      },
      preValidation: guard.required,
    },
    async (request, reply) =>
      switchSession(request, reply, await auth.impersonate(services, callerOf(request), request.body.userId)),
  );

  app.post(
    paths.impersonateStop,
    {
      schema: {
        tags,
        summary: 'Stop impersonating and return to the superuser',
        response: { 200: tokenGrant, ...errors },
      },
      preValidation: guard.required,
    },
    async (request, reply) =>
      switchSession(request, reply, await auth.stopImpersonation(services, callerOf(request))),
  );

  /**
   * Impersonation starts or stops: the browser's cookie now holds the new session, so the one it held (the
   * superuser's, or the impersonation) is revoked; nobody holds its token any more.
   */
  async function switchSession(request: FastifyRequest, reply: FastifyReply, pair: TokenPair) {
    const asCookie = wantsCookie(request);
    const previous = refreshTokenFromCookie(request);
    if (asCookie && previous) await revokeRefreshToken(services, previous);
    return grant(request, reply, config, pair, asCookie);
  }
}
