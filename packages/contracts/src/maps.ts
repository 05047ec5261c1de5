// 2D statistics maps (Stat2D, spec 000 §3 "Stat2D map", §7 "Maps and geometries"; spec 002 "Map screens"):
// per zone, gridded statistics drawn as map overlays grouped as the spec's variable layers, each with a
// tile path (slippy z/x/y PNG tiles) and a property file (colour bar, range, bounds, source).
import { z } from 'zod';
import { idText, entityId } from './ids';

/** The variable overlays of spec 002 "Map screens", in the order the layer control lists them. */
export const STAT2D_GROUPS = [
  'Wind',
  'Currents',
  'Waves',
  'Waves-TP',
  'Water heights',
  'Temperature',
  'Salinity',
  'Energy',
] as const;
export const stat2dGroupName = z.enum(STAT2D_GROUPS);
export type Stat2dGroupName = z.infer<typeof stat2dGroupName>;

/**
 * Credits a manager pays to buy the maps of one zone (spec 000 §9: 'demo map price is 0; the default map
 * price is not shown'). Free on an unlimited plan, with an offer that has maps, and in the demo zone.
 */
export const STAT2D_PRICE_CREDITS = 10;

const bbox = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });

/** A tile layer (spec 000 §3: tilesPath, name, id) with its property file. */
export const stat2dLayer = z.object({
  id: z.number(),
  name: z.string(),
  /** Layer key: field and statistic, e.g. 'hs_mean', 'wind_speed_10m_mean'. */
  field: z.string(),
  statistic: z.enum(['mean', 'p90']),
  units: z.string(),
  /** URL template for Leaflet's TileLayer: '/tiles/stat2d/…/{z}/{x}/{y}.png' (signed, valid a day). */
  tilesPath: z.string(),
  /** URL of the JSON property file (stat2dProperties). */
  propertyFile: z.string(),
  /** Where the layer has data; give it to TileLayer's `bounds` so no empty tile is asked for. */
  bounds: bbox,
  minZoom: z.number(),
  /** Tiles exist up to this zoom; Leaflet scales them beyond (TileLayer `maxNativeZoom`). */
  maxNativeZoom: z.number(),
});
export type Stat2dLayer = z.infer<typeof stat2dLayer>;

export const stat2dGroup = z.object({ name: stat2dGroupName, layers: z.array(stat2dLayer) });

/**
 * The maps of a zone as the caller may see them. status: 'available' (groups filled), 'rendering' (bought,
 * being computed: ask again in a while), 'notBought' (a manager may buy them for `price` credits),
 * 'unavailable' (the zone has no 2D statistics).
 */
export const stat2dMap = z.object({
  zone: z.number(),
  zoneName: z.string(),
  has2DStatistics: z.boolean(),
  status: z.enum(['available', 'rendering', 'notBought', 'unavailable']),
  /** Credits the purchase costs this caller (0 when free). */
  price: z.number(),
  /** The caller is a manager with an active offer on the zone and the maps are not yet theirs. */
  canBuy: z.boolean(),
  /** Why there is nothing to show ('' when available). */
  message: z.string(),
  groups: z.array(stat2dGroup),
});
export type Stat2dMap = z.infer<typeof stat2dMap>;

export const stat2dQuery = z.object({ zone: idText() });
export const buyStat2dRequest = z.object({ zone: entityId() });

/** The property file of a layer: everything the colour-bar legend and the "Source:" line need. */
export const stat2dProperties = z.object({
  field: z.string(),
  variable: z.string(),
  statistic: z.enum(['mean', 'p90']),
  group: stat2dGroupName,
  name: z.string(),
  units: z.string(),
  min: z.number(),
  max: z.number(),
  ticks: z.array(z.number()),
  /** cmocean / viridis colour map name and its stops over [min, max]: a CSS gradient equal to the tiles. */
  colormap: z.string(),
  colorStops: z.array(z.object({ value: z.number(), color: z.string() })),
  bounds: bbox,
  /** Raster nodes: count, spacing in degrees. */
  grid: z.object({ rows: z.number(), columns: z.number(), latStep: z.number(), lonStep: z.number() }),
  dataset: z.string(),
  period: z.object({ begin: z.string(), end: z.string() }),
  synthetic: z.boolean(),
  /** The line shown under the colour bar: 'Source: <dataset>, <period>; <notes>'. */
  source: z.string(),
  renderedAt: z.string(),
});
export type Stat2dProperties = z.infer<typeof stat2dProperties>;

export const mapMessages = {
  onlyManagers: 'Only managers can buy maps',
  notEnoughCreditsTitle: 'Not enough credits',
  notEnoughCredits: (required: number, available: number) =>
    `The maps of this zone cost ${required} credits and your account has ${available}. Contact us by e-mail to buy more.`,
  notBought: (price: number) =>
    `The 2D statistics maps of this zone are not bought: a manager can buy them for ${price} credits.`,
  no2dStatistics: 'This zone has no 2D statistics maps',
  rendering: 'The maps of this zone are being computed: they appear in a few minutes.',
  zoneRequired: 'Choose a zone',
} as const;
