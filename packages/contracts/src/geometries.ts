import { z } from 'zod';
import { baseLayerNames } from './constants';
import { idText } from './ids';
import { messages } from './messages';

// Geometries a user uploads to a project (spec 000 §2.7 geometry management dialog, §3 Geometry, §7 Maps and
// geometries): a name, a colour from a fixed palette and layers (id, name, type, colour) holding WGS 84
// features.

/**
 * The fixed palette of geometry and layer colours: Okabe-Ito, colour-blind safe, the categorical palette of
 * the map (STYLE.md), with black replaced by a dark slate that still reads on satellite imagery.
 */
export const geometryPalette = [
  '#e69f00',
  '#56b4e9',
  '#009e73',
  '#f0e442',
  '#0072b2',
  '#d55e00',
  '#cc79a7',
  '#34495e',
] as const;
export const geometryColour = z.enum(geometryPalette, { error: 'Choose a colour of the palette' });

/**
 * How a layer is drawn: markers, lines, or filled areas. A layer's features decide which it may take
 * (`allowedLayerTypes`): polygons are drawn filled or as outlines, closed lines may be filled.
 */
export const geometryLayerTypes = ['point', 'line', 'polygon'] as const;
export const geometryLayerType = z.enum(geometryLayerTypes);
export type GeometryLayerType = z.infer<typeof geometryLayerType>;

/** GeoJSON as stored: a FeatureCollection in WGS 84 longitude/latitude. */
export const featureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.record(z.string(), z.unknown()).nullable(),
      geometry: z.object({ type: z.string(), coordinates: z.array(z.any()) }),
    }),
  ),
});
export type FeatureCollectionPayload = z.infer<typeof featureCollection>;

export const geometryLayer = z.object({
  id: z.number(),
  name: z.string(),
  type: geometryLayerType,
  /** The types this layer may be switched to (from its features). */
  allowedTypes: z.array(geometryLayerType),
  color: z.string(),
  features: featureCollection,
});
export type GeometryLayer = z.infer<typeof geometryLayer>;

export const geometryLimits = {
  /** Upload size (multipart file). */
  fileMaxBytes: 10 * 1024 * 1024,
  /** Uncompressed size of all the entries of a .kmz or zipped shapefile that are read. */
  unzippedMaxBytes: 60 * 1024 * 1024,
  features: 20_000,
  /** Positions over all features: what a browser still draws smoothly. */
  positions: 500_000,
  perProject: 50,
  nameMax: 100,
} as const;

export const geometryName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(geometryLimits.nameMax, messages.maxLength(geometryLimits.nameMax));

export const projectGeometry = z.object({
  id: z.number(),
  project: z.number(),
  name: z.string(),
  color: z.string(),
  layers: z.array(geometryLayer),
  createdAt: z.string(),
});
export type ProjectGeometry = z.infer<typeof projectGeometry>;

export const geometryListQuery = z.object({ project: idText() });
export const updateGeometryRequest = z
  .object({ name: geometryName.optional(), color: geometryColour.optional() })
  .refine((body) => body.name !== undefined || body.color !== undefined, {
    message: 'Send a name or a color',
  });
export const updateGeometryLayerRequest = z
  .object({ color: geometryColour.optional(), type: geometryLayerType.optional() })
  .refine((body) => body.color !== undefined || body.type !== undefined, {
    message: 'Send a color or a type',
  });
export const geometryLayerParams = z.object({
  id: idText(),
  type: geometryLayerType,
  layerId: idText(),
});

export const geometryMessages = {
  unknownFormat:
    'Unknown file type: upload a .kml, a .kmz, a .json or .geojson GeoJSON file, or a zipped shapefile (.zip)',
  noFeatures: 'The file holds no geometry',
  tooManyFeatures: `A geometry file may hold at most ${geometryLimits.features} features`,
  tooManyPositions: `A geometry file may hold at most ${geometryLimits.positions} coordinates: simplify it first`,
  notLonLat:
    'The coordinates are not longitudes and latitudes: save the file in WGS 84 (EPSG:4326) or give its projection',
  unknownCrs: (name: string) =>
    `The coordinate system ${name} is not known: save the file in WGS 84 (EPSG:4326)`,
  tooManyGeometries: `A project may hold at most ${geometryLimits.perProject} geometries`,
  typeNotAllowed: (type: string, allowed: string[]) =>
    `This layer cannot be drawn as ${type}: it may be drawn as ${allowed.join(' or ')}`,
  trialNoUpload: 'Geometries cannot be uploaded to a trial project',
} as const;

export const baseLayerName = z.enum(baseLayerNames);

/**
 * The map's third-party services, from the server's configuration (MAP_TILES, GEOCODER_URL): none by
 * default, so the app works offline on its coastline and gazetteer.
 */
export const mapConfig = z.object({
  tileLayers: z.array(z.object({ name: baseLayerName, url: z.string(), attribution: z.string() })),
  /** A URL template with {q} answering Nominatim-style JSON; '' for the offline gazetteer. */
  geocoderUrl: z.string(),
});
export type MapConfig = z.infer<typeof mapConfig>;
