// /api/buoys/ (spec 002 §7): the measuring buoys and their observations.
import { z } from 'zod';
import {
  buoy,
  buoyComparison,
  buoyComparisonQuery,
  buoyListQuery,
  buoyVisuQuery,
  paths,
  visuPayload,
} from '@metocean/contracts';
import { downloadBuoyComparison } from '../../exports/buoy-comparison';
import { callerOf } from '../../http/auth';
import * as buoys from '../../services/buoys';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['buoys'];

export function buoyRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.buoys,
    {
      schema: {
        tags,
        summary: "The buoys inside your offers' zones (or inside one zone)",
        querystring: buoyListQuery,
        response: { 200: z.array(buoy), ...errorResponses },
      },
      preValidation,
    },
    async (request) => buoys.listBuoys(services, callerOf(request), request.query.zone),
  );

  app.get(
    '/api/buoys/:id/get_visu_data/',
    {
      schema: {
        tags,
        summary:
          "A buoy's observations as named arrays + kwargs (runs: comma-joined series, e.g. hs,tz; from/to: ISO dates)",
        params: idParams,
        querystring: buoyVisuQuery,
        response: { 200: visuPayload, ...errorResponses },
      },
      preValidation,
    },
    async (request) => buoys.buoyVisuData(services, callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/buoys/:id/comparison/',
    {
      schema: {
        tags,
        summary:
          "A buoy against the hindcast at a project's point: per variable (runs: comma-joined, e.g. hs,tz) the pairs on common hours, the metrics and the scatter data",
        params: idParams,
        querystring: buoyComparisonQuery,
        response: { 200: buoyComparison, ...errorResponses },
      },
      preValidation,
    },
    async (request) => buoys.buoyComparison(services, callerOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/buoys/:id/comparison/download/',
    {
      schema: {
        tags,
        summary:
          'The comparison as a zip of README.txt (project, point, buoy, node, pairing rule), pairs.csv and metrics.csv',
        params: idParams,
        querystring: buoyComparisonQuery,
        response: { 200: z.any(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const file = await downloadBuoyComparison(
        services,
        callerOf(request),
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
