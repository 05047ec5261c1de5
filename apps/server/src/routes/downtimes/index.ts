// AWD plannings (spec 001 §7 "Downtimes"; issue 22): scan a plan, create, compute, list, read, delete,
// results and download. Thin: multipart reading here, rules in services/downtimes.ts.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorBody,
  idMessage,
  idText,
  MAX_ID,
  messages,
  planning,
  planningResults,
  scanAnswer,
} from '@metocean/contracts';
import { downloadPlanning } from '../../exports/planning';
import { callerOf } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import * as downtimes from '../../services/downtimes';
import { planningIntervalsOnRequest } from '../../services/planning-intervals';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['downtimes'];

/** The multipart parts of an upload: the file (size-limited) and text fields. */
async function readParts(
  request: FastifyRequest,
): Promise<{ file?: { buffer: Buffer; fileName: string }; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw badRequest({ nonFieldErrors: ['Send the planning as multipart/form-data in the field "file"'] });
  let file: { buffer: Buffer; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: downtimes.PLANNING_FILE_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') file = { buffer, fileName: part.filename };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, {
        detail: `The planning file is larger than ${downtimes.PLANNING_FILE_MAX_BYTES / 1024 / 1024} MB`,
      });
    throw error;
  }
  return { file, fields };
}

const requireFile = (file: { buffer: Buffer; fileName: string } | undefined) => {
  if (!file || file.buffer.length === 0) throw badRequest({ fieldErrors: { file: [messages.required] } });
  return file;
};

export function downtimeRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.post(
    '/api/projects/:id/scan_planning_file/',
    {
      schema: {
        tags,
        summary:
          'Parse an uploaded planning (.xlsx): tables found, aliases, errors and warnings with their cells',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: scanAnswer, 413: errorBody, ...errorResponses },
      },
      preHandler,
    },
    async (request) => {
      const { file } = await readParts(request);
      return downtimes.scanPlanningFile(services, callerOf(request), request.params.id, requireFile(file));
    },
  );

  app.post(
    '/api/downtimes/',
    {
      schema: {
        tags,
        summary: 'Managers: create a planning (multipart: file, project, settings as JSON)',
        consumes: ['multipart/form-data'],
        response: { 201: planning, 413: errorBody, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      const { file, fields } = await readParts(request);
      const projectId = Number(fields.project);
      if (!fields.project) throw badRequest({ fieldErrors: { project: [messages.required] } });
      // the one id rule of the JSON routes (issue 29: 2^31 reached the database and answered 500)
      if (!Number.isInteger(projectId) || projectId <= 0 || projectId > MAX_ID)
        throw badRequest({ fieldErrors: { project: [`project ${idMessage}`] } });
      let settings: unknown;
      try {
        settings = JSON.parse(fields.settings ?? '');
      } catch {
        throw badRequest({ fieldErrors: { settings: ['settings must be a JSON object'] } });
      }
      const row = await downtimes.createPlanning(services, callerOf(request), {
        projectId,
        file: requireFile(file),
        settings,
      });
      return reply.status(201).send(downtimes.presentPlanning(row));
    },
  );

  app.get(
    '/api/downtimes/',
    {
      schema: {
        tags,
        summary: 'The plannings of a project',
        querystring: z.object({
          project: idText(),
          ordering: z.enum(downtimes.planningOrderings).default('-id'),
        }),
        response: { 200: z.array(planning), ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      (
        await downtimes.listPlannings(
          services,
          callerOf(request),
          request.query.project,
          request.query.ordering,
        )
      ).map(downtimes.presentPlanning),
  );

  app.get(
    '/api/downtimes/:id/',
    {
      schema: {
        tags,
        summary: 'A planning',
        params: idParams,
        response: { 200: planning, ...errorResponses },
      },
      preHandler,
    },
    async (request) => {
      const { row } = await downtimes.planningFor(services, callerOf(request), request.params.id);
      return { ...downtimes.presentPlanning(row), trips: downtimes.storedPlanTrips(row) };
    },
  );

  app.delete(
    '/api/downtimes/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a planning that is not running',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      await downtimes.deletePlanning(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/downtimes/:id/compute/',
    {
      schema: {
        tags,
        summary: 'Managers: launch the simulation',
        params: idParams,
        response: { 200: planning, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      downtimes.presentPlanning(
        await downtimes.computePlanning(services, callerOf(request), request.params.id),
      ),
  );

  app.get(
    '/api/downtimes/:id/results/',
    {
      schema: {
        tags,
        summary: 'The results layout of a planning',
        params: idParams,
        response: { 200: planningResults, ...errorResponses },
      },
      preHandler,
    },
    async (request) => downtimes.planningResults(services, callerOf(request), request.params.id),
  );

  app.post(
    '/api/downtimes/:id/intervals/',
    {
      schema: {
        tags,
        summary:
          "A breakdown's 90 % intervals on request (BIWEEKLY or WEEKLY; the run computes MONTHLY's): the plan simulated again, 1,000 year-block resamples (seed 1), stored with the results if the statistics are unchanged (else the breakdown's intervalsNote says why); no credit. Answers the results layout",
        params: idParams,
        querystring: z.object({ breakdown: z.string().optional() }),
        response: { 200: planningResults, ...errorResponses },
      },
      preHandler,
    },
    async (request) =>
      planningIntervalsOnRequest(services, callerOf(request), request.params.id, request.query.breakdown),
  );

  app.get(
    '/api/downtimes/:id/download/',
    {
      schema: {
        tags,
        summary: 'A zip of the Excel outputs, results.mat, results.json and the audit stamp',
        params: idParams,
        response: { 200: z.any(), ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      const file = await downloadPlanning(services, callerOf(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
