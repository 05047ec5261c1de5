// /api/points (spec 000 §7 Points and tasks).
import { z } from 'zod';
import {
  bulkCreatePointsRequest,
  createPointRequest,
  errorBody,
  paths,
  point,
  updatePointRequest,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import * as points from '../../services/points';
import type { App, RouteDeps } from '../types';

const tags = ['points'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** DELETE /api/points/ removes every point of a project only with this header (spec 000 §7: bulk header). */
export const BULK_HEADER = 'x-bulk';

export function pointRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.get(
    paths.points,
    {
      schema: {
        tags,
        summary: 'Points of the projects you may see',
        querystring: z.object({ project: z.coerce.number().int().positive().optional() }),
        response: { 200: z.array(point), ...errors },
      },
      preHandler,
    },
    async (request) => points.listPoints(services, callerOf(request), request.query.project),
  );

  app.post(
    paths.points,
    {
      schema: {
        tags,
        summary: 'Managers: add a point inside the zone',
        body: createPointRequest,
        response: { 201: point, ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      const [lng, lat] = request.body.geom.coordinates;
      const [created] = await points.createPoints(services, callerOf(request), request.body.project, [
        { name: request.body.name, lat, lng },
      ]);
      if (!created) throw new Error('point insert returned nothing');
      return reply.status(201).send(created);
    },
  );

  app.post(
    paths.pointsBulkCreate,
    {
      schema: {
        tags,
        summary: 'Managers: add several points (all or none)',
        body: bulkCreatePointsRequest,
        response: { 201: z.array(point), ...errors },
      },
      preHandler,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await points.createPoints(services, callerOf(request), request.body.project, request.body.points),
        ),
  );

  app.delete(
    paths.points,
    {
      schema: {
        tags,
        summary: 'Managers: delete every point of a project (needs the X-Bulk: true header)',
        querystring: z.object({ project: z.coerce.number().int().positive() }),
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
      preHandler,
    },
    async (request) => {
      if (request.headers[BULK_HEADER] !== 'true')
        throw badRequest({ nonFieldErrors: ['Deleting every point needs the X-Bulk: true header'] });
      return { deleted: await points.deleteAllPoints(services, callerOf(request), request.query.project) };
    },
  );

  app.get(
    '/api/points/:id/',
    {
      schema: { tags, summary: 'A point', params: idParams, response: { 200: point, ...errors } },
      preHandler,
    },
    async (request) => points.getPoint(services, callerOf(request), request.params.id),
  );

  app.put(
    '/api/points/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: rename or move a point (nbVersion guards against stale edits: 409)',
        params: idParams,
        body: updatePointRequest,
        response: { 200: point, ...errors },
      },
      preHandler,
    },
    async (request) => points.updatePoint(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/points/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a point (not in trial projects)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
      preHandler,
    },
    async (request, reply) => {
      await points.deletePoint(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
