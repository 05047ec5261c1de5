// /api/usage/customers/, /users/, /offers/ and each with {id} (spec 002 §7): usage analysis for the
// provider's staff; anyone else gets 403.
import { paths, usageCustomer, usageListQuery, usageOffer, usagePage, usageUser } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as usage from '../../services/usage';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['usage'];

export function usageRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.get(
    paths.usageCustomers,
    {
      schema: {
        tags,
        summary:
          'Superusers and staff: a page of the customers with its counts, offers, users, points and exports',
        querystring: usageListQuery,
        response: { 200: usagePage(usageCustomer), ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.listCustomers(services, callerOf(request), request.query, paths.usageCustomers),
  );

  app.get(
    '/api/usage/customers/:id/',
    {
      schema: {
        tags,
        summary: "Superusers and staff: one customer's usage",
        params: idParams,
        response: { 200: usageCustomer, ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.getCustomer(services, callerOf(request), request.params.id),
  );

  app.get(
    paths.usageUsers,
    {
      schema: {
        tags,
        summary: 'Superusers and staff: a page of the users with their last sign-in, counts and points',
        querystring: usageListQuery,
        response: { 200: usagePage(usageUser), ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.listUsers(services, callerOf(request), request.query, paths.usageUsers),
  );

  app.get(
    '/api/usage/users/:id/',
    {
      schema: {
        tags,
        summary: "Superusers and staff: one user's usage",
        params: idParams,
        response: { 200: usageUser, ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.getUser(services, callerOf(request), request.params.id),
  );

  app.get(
    paths.usageOffers,
    {
      schema: {
        tags,
        summary: 'Superusers and staff: a page of the offers with its flags, customers and zones',
        querystring: usageListQuery,
        response: { 200: usagePage(usageOffer), ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.listOffers(services, callerOf(request), request.query, paths.usageOffers),
  );

  app.get(
    '/api/usage/offers/:id/',
    {
      schema: {
        tags,
        summary: 'Superusers and staff: one offer',
        params: idParams,
        response: { 200: usageOffer, ...errorResponses },
      },
      preHandler,
    },
    async (request) => usage.getOffer(services, callerOf(request), request.params.id),
  );
}
