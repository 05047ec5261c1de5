import { z } from 'zod';
import { messages } from './messages';

const latitude = z
  .number({ error: messages.notNumber })
  .min(-90, messages.minValue(-90))
  .max(90, messages.maxValue(90));
const longitude = z
  .number({ error: messages.notNumber })
  .min(-180, messages.minValue(-180))
  .max(180, messages.maxValue(180));

export const latLon = z.object({ lat: latitude, lon: longitude });
export const bounds = z.object({ northEast: latLon, southWest: latLon });
export type Bounds = z.infer<typeof bounds>;

export const geometry = z.object({
  type: z.enum(['Polygon', 'MultiPolygon']),
  coordinates: z.array(z.any()),
});

/** A dataset as the dataset dialog shows it (spec 000 §2.4, §3 Dataset overview), per variable dimension. */
export const datasetDimension = z.object({
  kind: z.enum(['wave', 'wind', 'current', 'waterLevel', 'hydrology', 'other']),
  variables: z.array(z.string()),
  spatialResolution: z.number(),
  spatialResolutionUnits: z.string(),
  /** Seconds; shown in hours from one hour up, in minutes or seconds below (spec 000 §9). */
  timeStep: z.number(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  origin: z.string(),
  notes: z.string(),
});
export const zoneDataset = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['global', 'regional']),
  isPrivate: z.boolean(),
  synthetic: z.boolean(),
  origin: z.string(),
  notes: z.string(),
  licence: z.string(),
  dimensions: z.array(datasetDimension),
});
export type ZoneDataset = z.infer<typeof zoneDataset>;

export const zone = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  isDemo: z.boolean(),
  isWorld: z.boolean(),
  isActive: z.boolean(),
  isCyclonic: z.boolean(),
  isPrivate: z.boolean(),
  has2DStatistics: z.boolean(),
  bounds,
  geom: geometry,
  /** Not served: zones are drawn from `geom`. Kept for the spec's field list. */
  shapefile: z.null(),
  /** Real records first, then the synthetic demo hindcast. */
  datasets: z.array(zoneDataset),
});
export type Zone = z.infer<typeof zone>;

export const offer = z.object({
  /** The offer instance's id: what projects refer to. */
  id: z.number(),
  offerId: z.number(),
  name: z.string(),
  description: z.string(),
  packName: z.string(),
  informationalMessage: z.string(),
  isUnlimited: z.boolean(),
  hasUnlimitedFullStudy: z.boolean(),
  hasUnlimitedDiscover: z.boolean(),
  isTrial: z.boolean(),
  isMcDashboard: z.boolean(),
  canBuildReport: z.boolean(),
  canRunDowntime: z.boolean(),
  canDownloadStats: z.boolean(),
  hasMaps: z.boolean(),
  zones: z.array(z.object({ id: z.number(), name: z.string(), isWorld: z.boolean(), isDemo: z.boolean() })),
  expired: z.boolean(),
  offerStart: z.string(),
  offerEnd: z.string(),
  credits: z.number(),
  nbProjects: z.number().nullable(),
  nbAuthPoints: z.number().nullable(),
});
export type Offer = z.infer<typeof offer>;

/** The points themselves may be sent along: each must then lie inside the zone, not only their bounds. */
export const matchingZonesRequest = z.object({
  bounds,
  points: z
    .array(z.object({ lat: latitude, lng: longitude }))
    .max(1000)
    .optional(),
});
export const noMatchingZone = 'There is no matching zone in your offer for this set of points';
