// Pure geographic helpers of the map (spec 002 'Map screens'): distances, zone tests, coordinate text.
import type { Bounds } from '@metocean/contracts';
import { containsPoint, polygonsOf, type PolygonGeometry } from '@metocean/core/geo';

export type { PolygonGeometry };

/** Mean Earth radius (IUGG), the usual sphere for great-circle distances. */
const earthRadiusKm = 6371.0088;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle (haversine) distance in km between two positions. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in km of a polyline, segment by segment along great circles. */
export function pathLengthKm(path: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1];
    const to = path[i];
    if (from && to) total += distanceKm(from, to);
  }
  return total;
}

/** 'km' with the spec's 2 decimals. */
export function formatKm(km: number): string {
  return `${km.toFixed(2)} km`;
}

/** Decimal degrees at the readout's 4 decimals. */
export function formatDegrees(value: number, digits = 4): string {
  return value.toFixed(digits);
}

/** Degrees and decimal minutes, e.g. 43°07.40'N (spec 002: coordinates in degrees and minutes in places). */
export function formatDegreesMinutes(value: number, axis: 'lat' | 'lng'): string {
  const hemisphere = axis === 'lat' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const absolute = Math.abs(value);
  let degrees = Math.floor(absolute);
  let minutes = Number(((absolute - degrees) * 60).toFixed(2));
  if (minutes >= 60) {
    degrees += 1;
    minutes = 0;
  }
  return `${degrees}°${minutes.toFixed(2).padStart(5, '0')}'${hemisphere}`;
}

/** True when the position lies inside the (multi)polygon or on its outline, holes excluded (core's one rule). */
export function insideGeometry(geometry: PolygonGeometry, position: LatLng): boolean {
  return containsPoint(geometry, position.lng, position.lat);
}

/** Every [lng, lat] vertex of a (multi)polygon. */
export function geometryVertices(geometry: PolygonGeometry): [number, number][] {
  return polygonsOf(geometry).flatMap((polygon) =>
    polygon.flatMap((ring) => ring.map(([lng = 0, lat = 0]) => [lng, lat] as [number, number])),
  );
}

/** The bounding box of positions, as the API's bounds (matching zones). Null for none. */
export function boundsOf(positions: readonly LatLng[]): Bounds | null {
  if (positions.length === 0) return null;
  const lats = positions.map((p) => p.lat);
  const lngs = positions.map((p) => p.lng);
  return {
    northEast: { lat: Math.max(...lats), lon: Math.max(...lngs) },
    southWest: { lat: Math.min(...lats), lon: Math.min(...lngs) },
  };
}

/**
 * Why a position is refused by a zone (spec 000 §5): the latitude or longitude message when it leaves the
 * zone's bounding box, the general one when it is inside the box but outside the outline; null when inside.
 */
export function outsideZoneMessage(
  zone: { bounds: Bounds; geom: PolygonGeometry },
  position: LatLng,
  texts: {
    outsideZone: string;
    latitudeOutside: (min: number, max: number, value: number) => string;
    longitudeOutside: (min: number, max: number, value: number) => string;
  },
): string | null {
  const { northEast, southWest } = zone.bounds;
  const lat = Number(position.lat.toFixed(4));
  const lng = Number(position.lng.toFixed(4));
  if (position.lat < southWest.lat || position.lat > northEast.lat) {
    return texts.latitudeOutside(southWest.lat, northEast.lat, lat);
  }
  if (position.lng < southWest.lon || position.lng > northEast.lon) {
    return texts.longitudeOutside(southWest.lon, northEast.lon, lng);
  }
  return insideGeometry(zone.geom, position) ? null : texts.outsideZone;
}
