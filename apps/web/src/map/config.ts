// Map constants (spec 002 §9) and the base layers. Tile services come from the server's configuration
// (GET /api/map_config/, MAP_TILES): without it the map has just the offline coastline, so the app works with
// no network.
import { baseLayerNames, type MapConfig } from '@metocean/contracts';

export const mapDefaults = {
  center: { lat: 15, lng: 5 },
  zoom: 3,
  minZoom: 3,
  maxZoom: 18,
  fitMargin: 0.15,
  readoutDigits: 4,
} as const;

export { baseLayerNames };
export type TileLayerName = (typeof baseLayerNames)[number];
export const coastlineLayerName = 'Coastline (offline)';
export type BaseLayerName = TileLayerName | typeof coastlineLayerName;
export type TileLayerConfig = MapConfig['tileLayers'][number];

/** World Imagery is the default when configured (spec 002), else the first tile layer, else the coastline. */
export function defaultBaseLayer(layers: readonly TileLayerConfig[]): BaseLayerName {
  return (layers.find((layer) => layer.name === 'World Imagery') ?? layers[0])?.name ?? coastlineLayerName;
}

/** Marker colours by point state (categorical, colour-blind safe: Okabe-Ito). */
export const pointColours = {
  new: '#7f8c99',
  pending: '#0072b2',
  computed: '#009e73',
  validated: '#cc79a7',
  selected: '#e69f00',
} as const;
export type PointState = Exclude<keyof typeof pointColours, 'selected'>;

/** A project point's marker state: satellite-validated, computed, or waiting for its computation. */
export function pointStateOf(point: { isComputed: boolean; hasSatelliteValidation: boolean }): PointState {
  if (point.hasSatelliteValidation) return 'validated';
  if (point.isComputed) return 'computed';
  return 'pending';
}
