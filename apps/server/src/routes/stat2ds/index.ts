// /api/stat2Ds/ (spec 000 §7 Maps and geometries) and the tiles and property files of their layers.
import { z } from 'zod';
import { buyStat2dRequest, paths, stat2dMap, stat2dQuery } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as stat2ds from '../../services/stat2ds';
import { errorResponses, type App, type RouteDeps } from '../types';

const tags = ['maps'];
/** Tiles never change at a given URL (a new render has a new path): cache them as long as the link lives. */
const CACHE = 'public, max-age=86400, immutable';

const layerParams = {
  zone: z.string().regex(/^\d+$/),
  render: z.string().regex(/^[0-9a-z]+$/),
  layer: z.string().regex(/^[a-z0-9_]+$/),
  key: z.string(),
};
const layerPath = (p: { zone: string; render: string; layer: string }) =>
  `stat2d/${p.zone}/${p.render}/${p.layer}`;

export function stat2dRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.stat2ds,
    {
      schema: {
        tags,
        summary: "A zone's 2D statistics maps in the spec's overlay groups, or why there are none",
        querystring: stat2dQuery,
        response: { 200: stat2dMap, ...errorResponses },
      },
      preValidation,
    },
    async (request) => stat2ds.getStat2d(services, callerOf(request), request.query.zone),
  );

  app.post(
    paths.stat2ds,
    {
      schema: {
        tags,
        summary: `Managers: buy a zone's maps (free on unlimited plans, offers with maps and the demo zone)`,
        body: buyStat2dRequest,
        response: { 200: stat2dMap, 201: stat2dMap, ...errorResponses },
      },
      preValidation,
    },
    async (request, reply) => {
      const { created, map } = await stat2ds.buyStat2d(services, callerOf(request), request.body.zone);
      return reply.status(created ? 201 : 200).send(map);
    },
  );

  app.get(
    '/tiles/stat2d/:zone/:render/:layer/:key/:z/:x/:y',
    {
      schema: {
        tags,
        summary:
          'A map tile (256 × 256 PNG, Web Mercator) of a layer; the path is signed by GET /api/stat2Ds/',
        params: z.object({
          ...layerParams,
          z: z.coerce.number().int(),
          x: z.coerce.number().int(),
          y: z.string().regex(/^\d+\.png$/),
        }),
      },
    },
    async (request, reply) => {
      const { z: zoom, x, y } = request.params;
      const png = await stat2ds.tile(
        services,
        layerPath(request.params),
        request.params.key,
        zoom,
        x,
        Number.parseInt(y, 10),
      );
      return reply.header('content-type', 'image/png').header('cache-control', CACHE).send(png);
    },
  );

  app.get(
    '/tiles/stat2d/:zone/:render/:layer/:key/properties.json',
    {
      schema: {
        tags,
        summary: 'The property file of a layer: colour bar, range, bounds and source',
        params: z.object(layerParams),
      },
    },
    async (request, reply) => {
      const text = await stat2ds.properties(services, layerPath(request.params), request.params.key);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', CACHE)
        .send(text);
    },
  );
}
