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
  /** The attribution the licence asks for; '' when none is required. */
  citation: z.string(),
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
  /** Credits a computed point costs outside demo zones: 0 for unlimited offers (ours, for the FAQ). */
  creditsPerPoint: z.number(),
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

/**
 * The Grids overlay (spec 002 'Map screens'; GET /api/zones/{id}/nodes/?bbox=…, ours): the nodes of the
 * datasets serving a zone inside the map's view. At most ZONE_NODES_MAX per dataset; beyond, thinned
 * regularly (every `spacing`-th row and column of a regular grid, every `spacing`-th node of a node list).
 */
export const ZONE_NODES_MAX = 5000;

/** A view box as minLon,minLat,maxLon,maxLat in degrees (what the map sends). */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const bboxMessages = {
  format: 'bbox must be four numbers in degrees: minLon,minLat,maxLon,maxLat',
  longitude: 'bbox longitudes must be between -180 and 180',
  latitude: 'bbox latitudes must be between -90 and 90',
  order: 'bbox minLon must be less than maxLon and minLat less than maxLat',
} as const;

const decimal = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The box of a `bbox` parameter, or the message saying what is wrong with it. */
export function parseBbox(text: string): LonLatBox | { error: string } {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((part) => decimal.test(part))) return { error: bboxMessages.format };
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if ([west, east].some((lon) => !(lon >= -180 && lon <= 180))) return { error: bboxMessages.longitude };
  if ([south, north].some((lat) => !(lat >= -90 && lat <= 90))) return { error: bboxMessages.latitude };
  if (!(west < east && south < north)) return { error: bboxMessages.order };
  return { west, south, east, north };
}

/** The `bbox` parameter of a box, clamped to the world, with `digits` decimals (4: about 10 m). */
export function bboxParam(box: LonLatBox, digits = 4): string {
  const clamp = (x: number, limit: number) => Math.min(limit, Math.max(-limit, x)).toFixed(digits);
  return [clamp(box.west, 180), clamp(box.south, 90), clamp(box.east, 180), clamp(box.north, 90)].join(',');
}

export const zoneNodesQuery = z.object({
  bbox: z.string({ error: bboxMessages.format }).max(200, bboxMessages.format).describe(bboxMessages.format),
});

/** The nodes of one dataset inside the view. */
export const datasetNodes = z.object({
  id: z.number(),
  name: z.string(),
  synthetic: z.boolean(),
  /** [lat, lon] in degrees, longitudes in −180–180. */
  nodes: z.array(z.tuple([z.number(), z.number()])),
  /** Usable nodes (sea with data) in the view, before thinning. */
  total: z.number(),
  thinned: z.boolean(),
  /** 1 when every node is given; N when every N-th one is. */
  spacing: z.number(),
});
export type DatasetNodes = z.infer<typeof datasetNodes>;

export const zoneNodes = z.object({
  zone: z.number(),
  maxNodes: z.number(),
  /** In the order points are served: real records first, then the synthetic demo hindcast. */
  datasets: z.array(datasetNodes),
});
export type ZoneNodes = z.infer<typeof zoneNodes>;

/**
 * POST /api/zones/{id}/point_data/ (ours, issue 30): where positions of a zone would read their hindcast,
 * before a project exists, so the new-project flow says which variables its points will lack.
 */
export const zonePointDataRequest = z.object({
  points: z
    .array(z.object({ lat: latitude, lng: longitude }))
    .min(1)
    .max(1000),
});

export const zonePointDataEntry = z.object({
  dataset: z
    .string()
    .describe('The dataset the position would read, "(synthetic)" for the synthetic demo set'),
  synthetic: z.boolean(),
  node: z.object({ lat: z.number(), lon: z.number(), distanceKm: z.number() }),
  /** Catalogue variable keys the node holds (levels not repeated), e.g. "hs", "wind_speed". */
  variables: z.array(z.string()),
  /** Variables another dataset of the zone holds and this position will not read. */
  lacks: z.array(z.string()),
  /** Indices of the other positions of the request reading the same node of the same dataset. */
  sameNodeAs: z.array(z.number()),
});
export type ZonePointDataEntry = z.infer<typeof zonePointDataEntry>;

export const zonePointData = z.object({
  zone: z.number(),
  /** One entry per position, in the request's order; null where no dataset of the zone has a node for it. */
  points: z.array(zonePointDataEntry.nullable()),
});
export type ZonePointData = z.infer<typeof zonePointData>;
