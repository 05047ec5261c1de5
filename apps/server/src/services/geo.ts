// Plane geometry on longitude/latitude for zone membership. Zone outlines are small enough, and drawn in
// lon/lat, so the even-odd rule on the plane is the test users expect from the map.
import type { GeoJsonGeometry } from '../db/schema';

type Ring = number[][];

function insideRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function onRingEdge(lon: number, lat: number, ring: Ring): boolean {
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    const cross = (xj - xi) * (lat - yi) - (yj - yi) * (lon - xi);
    const within =
      lon >= Math.min(xi, xj) &&
      lon <= Math.max(xi, xj) &&
      lat >= Math.min(yi, yj) &&
      lat <= Math.max(yi, yj);
    if (within && Math.abs(cross) < 1e-12) return true;
  }
  return false;
}

/** A polygon is an outer ring and holes; a point on the outline counts as inside. */
function insidePolygon(lon: number, lat: number, rings: Ring[]): boolean {
  const [outer, ...holes] = rings;
  if (!outer) return false;
  if (onRingEdge(lon, lat, outer)) return true;
  if (!insideRing(lon, lat, outer)) return false;
  return !holes.some((hole) => insideRing(lon, lat, hole) && !onRingEdge(lon, lat, hole));
}

export function containsPoint(geometry: GeoJsonGeometry, lon: number, lat: number): boolean {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
  return polygons.some((rings) => insidePolygon(lon, lat, rings));
}
