import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idText } from '@metocean/contracts';
import { errorBody } from '@metocean/contracts';
import type { Services } from '../services/context';
import type { authHandlers } from '../http/auth';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface RouteDeps {
  services: Services;
  auth: ReturnType<typeof authHandlers>;
}

/** The `{id}` of a path. */
export const idParams = z.object({ id: idText() });

/** The error answers a signed-in call may give, all in the one error shape (spec 000 §8). */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};
