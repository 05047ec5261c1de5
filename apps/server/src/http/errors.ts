// One error shape for every answer: { nonFieldErrors?, detail?, fieldErrors?, code? } (spec 000 §8).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ErrorBody } from '@metocean/contracts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(
      body.detail ?? body.nonFieldErrors?.[0] ?? Object.values(body.fieldErrors ?? {})[0]?.[0] ?? 'error',
    );
  }
}

export const badRequest = (body: ErrorBody) => new HttpError(400, body);
export const fieldError = (field: string, message: string) =>
  new HttpError(400, { fieldErrors: { [field]: [message] } });
export const unauthorized = (detail: string, code?: string) =>
  new HttpError(401, code ? { detail, code } : { detail });
export const forbidden = (detail: string = messages.permissionDenied) => new HttpError(403, { detail });
export const notFound = () => new HttpError(404, { detail: messages.notFound });
export const conflict = (detail: string = messages.staleObject) => new HttpError(409, { detail });

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      const nonFieldErrors: string[] = [];
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const message = issue.message ?? messages.incorrectFormat;
        if (field) (fieldErrors[field] ??= []).push(message);
        else nonFieldErrors.push(message);
      }
      return reply.status(400).send({
        ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
        ...(nonFieldErrors.length > 0 ? { nonFieldErrors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: messages.genericWithSupport });
    }
    // Fastify's own client errors (bad JSON, body too large, rate limit …) keep their status.
    return reply.status(status).send({ detail: error.message });
  });
}
