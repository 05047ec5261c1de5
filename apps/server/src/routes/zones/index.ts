// /api/zones and /api/offers (spec 000 §7 Zones, offers).
import { z } from 'zod';
import {
  matchingZonesRequest,
  offer,
  paths,
  zone,
  zoneNodes,
  zoneNodesQuery,
  zonePointData,
  zonePointDataRequest,
  ZONE_NODES_MAX,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as zones from '../../services/zones';
import { zoneNodes as nodesOfZone, zonePointData as pointDataOfZone } from '../../services/zone-nodes';
import { errorResponses, idParams, type App, type RouteDeps } from '../types';

export function zoneRoutes(app: App, { services, auth }: RouteDeps): void {
  // Authentication runs before the body is validated: an anonymous caller gets 401, not field errors.
  const preValidation = auth.required;

  app.get(
    paths.zones,
    {
      schema: {
        tags: ['zones'],
        summary: 'The zones of your offers',
        response: { 200: z.array(zone), ...errorResponses },
      },
      preValidation,
    },
    async (request) => zones.listZones(services, callerOf(request)),
  );

  app.get(
    '/api/zones/:id/',
    {
      schema: {
        tags: ['zones'],
        summary: 'One zone with its geometry',
        params: idParams,
        response: { 200: zone, ...errorResponses },
      },
      preValidation,
    },
    async (request) => zones.getZone(services, callerOf(request), request.params.id),
  );

  app.get(
    '/api/zones/:id/nodes/',
    {
      schema: {
        tags: ['zones'],
        summary: `The nodes of the zone's datasets inside a view (the map's Grids overlay), thinned beyond ${ZONE_NODES_MAX}`,
        params: idParams,
        querystring: zoneNodesQuery,
        response: { 200: zoneNodes, ...errorResponses },
      },
      preValidation,
    },
    async (request) => nodesOfZone(services, callerOf(request), request.params.id, request.query.bbox),
  );

  app.post(
    '/api/zones/:id/point_data/',
    {
      schema: {
        tags: ['zones'],
        summary:
          'Where positions of the zone would read their hindcast: dataset, node, variables, the variables they would lack, the positions sharing a node',
        params: idParams,
        body: zonePointDataRequest,
        response: { 200: zonePointData, ...errorResponses },
      },
      preValidation,
    },
    async (request) => pointDataOfZone(services, callerOf(request), request.params.id, request.body.points),
  );

  app.get(
    paths.offers,
    {
      schema: {
        tags: ['offers'],
        summary: "Your account's offers (instances), expired ones included",
        response: { 200: z.array(offer), ...errorResponses },
      },
      preValidation,
    },
    async (request) => zones.listOffers(services, callerOf(request)),
  );

  app.post(
    '/api/offers/:id/get_matching_zones/',
    {
      schema: {
        tags: ['offers'],
        summary: 'Zones of this offer covering every point, regional before worldwide',
        params: idParams,
        body: matchingZonesRequest,
        response: { 200: z.array(zone), ...errorResponses },
      },
      preValidation,
    },
    async (request) => zones.matchingZones(services, callerOf(request), request.params.id, request.body),
  );
}
