// Map constants (spec 002 §9) and the base layers. Tile services come from configuration only: a build
// without VITE_MAP_TILES has just the offline coastline, so the app works with no network.

export const mapDefaults = {
  center: { lat: 15, lng: 5 },
  zoom: 3,
  minZoom: 3,
  maxZoom: 18,
  fitMargin: 0.15,
  readoutDigits: 4,
} as const;

export const baseLayerNames = [
  'World Street Map',
  'Google Hybrid',
  'National Geographic',
  'OpenStreetMap',
  'World Imagery',
] as const;
export type TileLayerName = (typeof baseLayerNames)[number];
export const coastlineLayerName = 'Coastline (offline)';
export type BaseLayerName = TileLayerName | typeof coastlineLayerName;

export interface TileLayerConfig {
  name: TileLayerName;
  url: string;
  attribution: string;
}

function parseTiles(raw: unknown): TileLayerConfig[] {
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  try {
    const parsed = JSON.parse(raw) as Record<string, string | { url: string; attribution?: string }>;
    return baseLayerNames.flatMap((name) => {
      const entry = parsed[name];
      if (!entry) return [];
      const url = typeof entry === 'string' ? entry : entry.url;
      const attribution = typeof entry === 'string' ? '' : (entry.attribution ?? '');
      return url ? [{ name, url, attribution }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Configured tile layers, in the spec's order. VITE_MAP_TILES is a JSON object from layer name to a tile URL
 * template (or { url, attribution }), e.g. {"OpenStreetMap":"https://tile.openstreetmap.org/{z}/{x}/{y}.png"}.
 */
export const tileLayers: TileLayerConfig[] = parseTiles(import.meta.env.VITE_MAP_TILES);

/** The configured geocoder: a URL template with {q} answering Nominatim-style JSON; empty for the gazetteer. */
export const geocoderUrl: string = (import.meta.env.VITE_GEOCODER_URL as string | undefined) ?? '';

/** World Imagery is the default when configured (spec 002), else the first tile layer, else the coastline. */
export function defaultBaseLayer(layers: readonly TileLayerConfig[] = tileLayers): BaseLayerName {
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
