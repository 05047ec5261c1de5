// /api/satellite_comparisons/ (spec 002 §7): create, compute, read, visualise and download the satellite
// comparisons of a project's points.
import { z } from 'zod';
import {
  createSatelliteComparison,
  paths,
  satelliteComparison,
  satelliteListQuery,
  satelliteVisuData,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as satellite from '../../services/satellite';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['satellite comparisons'];

export function satelliteRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.satelliteComparisons,
    {
      schema: {
        tags,
        summary:
          'The satellite comparisons of the projects you may see, newest first (of a project, a point)',
        querystring: satelliteListQuery,
        response: { 200: z.array(satelliteComparison), ...errorResponses },
      },
      preValidation,
    },
    async (request) => satellite.listSatellite(services, callerOf(request), request.query),
  );

  app.post(
    paths.satelliteComparisons,
    {
      schema: {
        tags,
        summary:
          "Creates the satellite comparison of a project's point (managers, running offer); PUT …/compute/ starts it",
        body: createSatelliteComparison,
        response: { 201: satelliteComparison, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) =>
      reply.status(201).send(await satellite.createSatellite(services, callerOf(request), request.body)),
  );

  app.get(
    '/api/satellite_comparisons/:id/',
    {
      schema: {
        tags,
        summary:
          'A satellite comparison: status (PENDING, RUNNING, FINISHED, FAILED) and, once finished, stats',
        params: idParams,
        response: { 200: satelliteComparison, ...errorResponses },
      },
      preValidation,
    },
    async (request) => satellite.getSatellite(services, callerOf(request), request.params.id),
  );

  app.put(
    '/api/satellite_comparisons/:id/compute/',
    {
      schema: {
        tags,
        summary:
          'Starts the computation (up to 20 minutes); the user is e-mailed when it has finished or failed',
        params: idParams,
        response: { 200: satelliteComparison, ...errorResponses },
      },
      preValidation,
    },
    async (request) => satellite.computeSatellite(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/satellite_comparisons/:id/get_visu_data/',
    {
      schema: {
        tags,
        summary:
          'Per variable (hs, magw): the matchup counts, the metrics and the scatter data; 409 until finished',
        params: idParams,
        response: { 200: satelliteVisuData, ...errorResponses },
      },
      preValidation,
    },
    async (request) => satellite.satelliteVisuData(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/satellite_comparisons/:id/download/',
    {
      schema: {
        tags,
        summary: 'A zip of README.txt (provenance, synthetic flag), matchups.csv and metrics.csv',
        params: idParams,
        response: { 200: z.any(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const file = await satellite.downloadSatellite(services, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
