// Company alpha tables (issue 32): the caller's customer's tables, read by everyone of the customer and
// changed by managers on the settings page. Thin: the rules are in services/alpha-tables.ts.
import { z } from 'zod';
import { alphaTableInput, companyAlphaTable } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as alpha from '../../services/alpha-tables';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['alpha tables'];

export function alphaTableRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.get(
    '/api/customer/alpha-tables/',
    {
      schema: {
        tags,
        summary: "The customer's alpha tables (rows TPOP, columns a limit of Hs or wind speed)",
        response: { 200: z.array(companyAlphaTable), ...errorResponses },
      },
      preHandler,
    },
    async (request) => alpha.listAlphaTables(services, callerOf(request)),
  );

  app.post(
    '/api/customer/alpha-tables/',
    {
      schema: {
        tags,
        summary: 'Managers: add an alpha table',
        body: alphaTableInput,
        response: { 201: companyAlphaTable, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) =>
      reply.status(201).send(await alpha.createAlphaTable(services, callerOf(request), request.body)),
  );

  app.put(
    '/api/customer/alpha-tables/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: replace an alpha table (results already computed keep the table they used)',
        params: idParams,
        body: alphaTableInput,
        response: { 200: companyAlphaTable, ...errorResponses },
      },
      preHandler,
    },
    async (request) => alpha.updateAlphaTable(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/customer/alpha-tables/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete an alpha table',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      await alpha.deleteAlphaTable(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
