// /api/geometries (spec 000 §7 Maps and geometries).
import { z } from 'zod';
import {
  errorBody,
  geometryLayerParams,
  geometryLimits,
  geometryListQuery,
  mapConfig,
  messages,
  paths,
  projectGeometry,
  projectMessages,
  updateGeometryLayerRequest,
  updateGeometryRequest,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import * as geometries from '../../services/geometries';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

const tags = ['geometries'];

export function geometryRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;
  const configured = geometries.mapConfiguration(services.config.mapTiles, services.config.geocoderUrl);

  app.get(
    paths.mapConfig,
    {
      schema: {
        tags: ['maps'],
        summary: 'The map tile services and place-search URL configured on the server (none: offline map)',
        response: { 200: mapConfig, ...errorResponses },
      },
      preValidation,
    },
    () => configured,
  );

  app.get(
    paths.geometries,
    {
      schema: {
        tags,
        summary: 'The geometries of a project, with their layers in WGS 84',
        querystring: geometryListQuery,
        response: { 200: z.array(projectGeometry), ...errorResponses },
      },
      preValidation,
    },
    async (request) => geometries.listGeometries(services, callerOf(request), request.query.project),
  );

  app.post(
    paths.geometries,
    {
      schema: {
        tags,
        summary:
          'Managers: upload a geometry (multipart: file, project): .kml, .kmz, .json/.geojson GeoJSON or a zipped shapefile',
        consumes: ['multipart/form-data'],
        response: { 201: projectGeometry, 413: errorBody, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest({ nonFieldErrors: ['Send the file as multipart/form-data in the field "file"'] });
      let file: { buffer: Buffer; fileName: string } | undefined;
      let project: number | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: geometryLimits.fileMaxBytes, files: 1, fields: 5 },
        })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'file') file = { buffer, fileName: part.filename };
          } else if (part.fieldname === 'project') {
            project = Number(part.value);
            if (!Number.isInteger(project) || project <= 0)
              throw badRequest({ fieldErrors: { project: [messages.notNumber] } });
          }
        }
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, {
            detail: projectMessages.fileTooLarge(geometryLimits.fileMaxBytes / 1024 / 1024),
          });
        throw error;
      }
      if (project === undefined) throw badRequest({ fieldErrors: { project: [messages.required] } });
      if (!file) throw badRequest({ fieldErrors: { file: [messages.required] } });
      if (file.buffer.length === 0) throw badRequest({ fieldErrors: { file: [messages.required] } });
      const created = await geometries.uploadGeometry(services, callerOf(request), project, file);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/geometries/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: rename a geometry or change its colour (its layers take the colour)',
        params: idParams,
        body: updateGeometryRequest,
        response: { 200: projectGeometry, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      geometries.updateGeometry(services, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/geometries/:id/',
    {
      schema: {
        tags,
        summary: 'Managers: delete a geometry',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      await geometries.deleteGeometry(services, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/geometries/:id/:type/:layerId/',
    {
      schema: {
        tags,
        summary: "Managers: a layer's colour and how it is drawn (point, line or polygon)",
        params: geometryLayerParams,
        body: updateGeometryLayerRequest,
        response: { 200: projectGeometry, ...errorResponses },
      },
      preValidation,
    },
    async (request) =>
      geometries.updateGeometryLayer(services, callerOf(request), request.params, request.body),
  );
}
