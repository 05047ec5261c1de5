// /api/zones and /api/offers (spec 000 §7 Zones, offers).
import { z } from 'zod';
import { errorBody, matchingZonesRequest, offer, paths, zone } from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import * as zones from '../../services/zones';
import type { App, RouteDeps } from '../types';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: z.coerce.number().int().positive() });

export function zoneRoutes(app: App, { services, auth }: RouteDeps): void {
  const preHandler = auth.required;

  app.get(
    paths.zones,
    {
      schema: {
        tags: ['zones'],
        summary: 'The zones of your offers',
        response: { 200: z.array(zone), ...errors },
      },
      preHandler,
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
        response: { 200: zone, ...errors },
      },
      preHandler,
    },
    async (request) => zones.getZone(services, callerOf(request), request.params.id),
  );

  app.get(
    paths.offers,
    {
      schema: {
        tags: ['offers'],
        summary: "Your account's offers (instances), expired ones included",
        response: { 200: z.array(offer), ...errors },
      },
      preHandler,
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
        response: { 200: z.array(zone), ...errors },
      },
      preHandler,
    },
    async (request) => zones.matchingZones(services, callerOf(request), request.params.id, request.body),
  );
}
