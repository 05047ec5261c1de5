// /api/points (spec 000 §7 Points and tasks).
import { z } from 'zod';
import { idText } from '@metocean/contracts';
import {
  CALIBRATION_CSV_MAX_BYTES,
  calibratePointRequest,
  calibrationPreview,
  bulkCreatePointsRequest,
  createPointRequest,
  errorBody,
  messages,
  parsedPoints,
  paths,
  point,
  projectMessages,
  updatePointRequest,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import * as points from '../../services/points';
import { calibratePoint, previewCalibration } from '../../services/calibration';
import { parsePoints } from '../../services/parse';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['points'];
/** DELETE /api/points/ removes every point of a project only with this header (spec 000 §7: bulk header). */
export const BULK_HEADER = 'x-bulk';
/** Point files are small: a thousand points fit in far less (spec 000 §5 point file). */
export const POINT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export function pointRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.points,
    {
      schema: {
        tags,
        summary: 'Points of the projects you may see',
        querystring: z.object({ project: idText().optional() }),
        response: { 200: z.array(point), ...errorResponses },
      },
      preValidation,
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
        response: { 201: point, ...errorResponses },
      },
      preValidation,
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
        response: { 201: z.array(point), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await points.createPoints(services, callerOf(request), request.body.project, request.body.points),
        ),
  );

  app.post(
    paths.pointsParse,
    {
      schema: {
        tags,
        summary:
          'Points from a file (multipart: file, optional project): CSV, XLSX, GeoJSON, KML/KMZ, zipped shapefile',
        consumes: ['multipart/form-data'],
        response: { 200: parsedPoints, 413: errorBody, ...errorResponses },
      },
      preValidation,
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest({ nonFieldErrors: ['Send the file as multipart/form-data in the field "file"'] });
      let file: { buffer: Buffer; fileName: string } | undefined;
      let project: number | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: POINT_FILE_MAX_BYTES, files: 1, fields: 5 },
        })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'file') file = { buffer, fileName: part.filename };
          } else if (part.fieldname === 'project' && String(part.value).trim() !== '') {
            project = Number(part.value);
            if (!Number.isInteger(project) || project <= 0)
              throw badRequest({ fieldErrors: { project: [messages.notNumber] } });
          }
        }
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, {
            detail: projectMessages.fileTooLarge(POINT_FILE_MAX_BYTES / 1024 / 1024),
          });
        throw error;
      }
      if (!file) throw badRequest({ fieldErrors: { file: [messages.required] } });
      if (file.buffer.length === 0) throw badRequest({ nonFieldErrors: [projectMessages.pointsNotLoaded] });
      return parsePoints(services, callerOf(request), file, project);
    },
  );

  app.delete(
    paths.points,
    {
      schema: {
        tags,
        summary: 'Managers: delete every point of a project (needs the X-Bulk: true header)',
        querystring: z.object({ project: idText() }),
        response: { 200: z.object({ deleted: z.number() }), ...errorResponses },
      },
      preValidation,
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
      schema: { tags, summary: 'A point', params: idParams, response: { 200: point, ...errorResponses } },
      preValidation,
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
        response: { 200: point, ...errorResponses },
      },
      preValidation,
    },
    async (request) => points.updatePoint(services, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/points/:id/calibrate/',
    {
      schema: {
        tags,
        summary:
          'Managers: a calibrated variant of the point (one variable corrected against a buoy or a measurement CSV)',
        params: idParams,
        body: calibratePointRequest,
        response: { 201: point, ...errorResponses },
      },
      // a measurement CSV travels in the JSON body: 40 hourly years are a few MB
      bodyLimit: CALIBRATION_CSV_MAX_BYTES + 64 * 1024,
      preValidation,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await calibratePoint(services, callerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/points/:id/calibrate/preview/',
    {
      schema: {
        tags,
        summary:
          'Managers: the correction a calibration would make (parameters, skill in and out of sample, warnings), nothing created',
        params: idParams,
        body: calibratePointRequest,
        response: { 200: calibrationPreview, ...errorResponses },
      },
      bodyLimit: CALIBRATION_CSV_MAX_BYTES + 64 * 1024,
      preValidation,
    },
    async (request) => previewCalibration(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/points/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a point (not in trial projects)',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      await points.deletePoint(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
