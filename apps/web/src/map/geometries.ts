// How uploaded geometry layers are drawn (spec 000 §2.7; docs/decisions.md 'Geometries'): a layer's type
// says whether its features are markers, lines or filled areas. Pure, so it is tested without Leaflet.
import type { FeatureCollectionPayload, GeometryLayer } from '@metocean/contracts';

export interface PathStyle {
  color: string;
  weight: number;
  opacity: number;
  fill: boolean;
  fillColor: string;
  fillOpacity: number;
}

export function layerPathStyle(layer: Pick<GeometryLayer, 'type' | 'color'>): PathStyle {
  return {
    color: layer.color,
    weight: layer.type === 'line' ? 2.5 : 2,
    opacity: 0.95,
    fill: layer.type === 'polygon',
    fillColor: layer.color,
    fillOpacity: layer.type === 'polygon' ? 0.25 : 0,
  };
}

type Feature = FeatureCollectionPayload['features'][number];

/** Closed lines drawn as polygons become polygons (their ring), so Leaflet fills them. */
function asPolygon(feature: Feature): Feature {
  const { type, coordinates } = feature.geometry;
  if (type === 'LineString') return { ...feature, geometry: { type: 'Polygon', coordinates: [coordinates] } };
  if (type === 'MultiLineString')
    return {
      ...feature,
      geometry: { type: 'MultiPolygon', coordinates: (coordinates as unknown[]).map((ring) => [ring]) },
    };
  return feature;
}

/** The features as they should be handed to Leaflet for the layer's type. */
export function drawableFeatures(layer: Pick<GeometryLayer, 'type' | 'features'>): FeatureCollectionPayload {
  if (layer.type !== 'polygon') return layer.features;
  return { ...layer.features, features: layer.features.features.map(asPolygon) };
}

/** A feature's label for its tooltip: its name (any case), else nothing. */
export function featureLabel(properties: Record<string, unknown> | null): string | null {
  if (!properties) return null;
  const key = Object.keys(properties).find((k) => ['name', 'nom', 'label'].includes(k.toLowerCase()));
  const value = key === undefined ? undefined : properties[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}
