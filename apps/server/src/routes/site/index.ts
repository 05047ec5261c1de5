// Changelog, help pages, maintenance, contact and demo forms, tracking events, history, health.
import { z } from 'zod';
import {
  changelogResponse,
  contactRequest,
  demoRequest,
  flatPage,
  health,
  historyResponse,
  idResponse,
  maintenanceNotice,
  maintenanceUpdate,
  paths,
  trackingEvent,
  APP_VERSION,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { history, recordTracking } from '../../services/events';
import * as site from '../../services/site';
import { errorResponses, type App, type RouteDeps } from '../types';

const tags = ['site'];

export function siteRoutes(app: App, { services, auth }: RouteDeps): void {
  app.get(
    paths.health,
    { schema: { tags, summary: 'Database and job queue reachable', response: { 200: health, 503: health } } },
    async (_request, reply) => {
      const [database, queue] = await Promise.all([services.database.ping(), services.queue.ping()]);
      const body = { status: 'ok' as const, database, queue, version: APP_VERSION };
      return reply.status(database && queue ? 200 : 503).send(body);
    },
  );

  app.get(
    paths.changelog,
    { schema: { tags, summary: 'Release notes, newest first', response: { 200: changelogResponse } } },
    async () => site.changelog(services),
  );

  app.get(
    '/api/flatpages/:url/',
    {
      schema: {
        tags,
        summary: 'A help page',
        params: z.object({ url: z.string().regex(/^[\w-]{1,100}$/) }),
        response: { 200: flatPage, ...errorResponses },
      },
    },
    async (request) => site.flatPage(services, request.params.url),
  );

  app.get(
    paths.maintenance,
    { schema: { tags, summary: 'The scheduled maintenance notice', response: { 200: maintenanceNotice } } },
    async () => site.maintenanceNotice(services),
  );

  app.put(
    paths.maintenance,
    {
      schema: {
        tags,
        summary: 'Superusers: schedule maintenance or switch maintenance mode',
        body: maintenanceUpdate,
        response: { 200: maintenanceNotice, ...errorResponses },
      },
      preValidation: auth.required,
    },
    async (request) => site.setMaintenance(services, callerOf(request), request.body),
  );

  app.post(
    paths.contact,
    {
      schema: {
        tags,
        summary: 'Contact form: stored, then forwarded to the form service',
        body: contactRequest,
        response: { 201: idResponse, ...errorResponses },
      },
      preValidation: auth.optional,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(201).send(await site.submitContact(services, request.caller, request.body)),
  );

  app.post(
    paths.demos,
    {
      schema: {
        tags,
        summary: 'Ask for a demo point at another location',
        body: demoRequest,
        response: { 201: idResponse, ...errorResponses },
      },
      preValidation: auth.required,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(201).send(await site.submitDemoRequest(services, callerOf(request), request.body)),
  );

  app.post(
    paths.events,
    {
      schema: {
        tags,
        summary: 'Tracking: page views, clicks, searches, tutorials',
        body: trackingEvent,
        response: { 204: z.null(), ...errorResponses },
      },
      preValidation: auth.optional,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await recordTracking(services.db, request.caller, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    paths.history,
    {
      schema: {
        tags,
        summary: 'The event log: yours, your team’s for managers, everybody’s for superusers',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
        response: { 200: historyResponse, ...errorResponses },
      },
      preValidation: auth.required,
    },
    async (request) => history(services.db, callerOf(request), request.query.limit),
  );
}
