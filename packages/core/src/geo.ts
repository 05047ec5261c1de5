// Zone membership on longitude/latitude: the one point-in-polygon rule of the product, used by the server
// (points, matching zones, buoys, 2D maps) and the web map (a click inside the zone) alike. Zone outlines
// are small and drawn in lon/lat, so the even-odd rule on the plane is the test users expect from the map.
// The outline belongs to the polygon: a point exactly on a zone's edge (or on a hole's edge) is inside.

/** A GeoJSON Polygon or MultiPolygon: rings of [lon, lat] positions, the first ring of each the outer one. */
export interface PolygonGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
}

type Ring = readonly (readonly number[])[];

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

function insidePolygon(lon: number, lat: number, rings: readonly Ring[]): boolean {
  const [outer, ...holes] = rings;
  if (!outer) return false;
  if (onRingEdge(lon, lat, outer)) return true;
  if (!insideRing(lon, lat, outer)) return false;
  return !holes.some((hole) => insideRing(lon, lat, hole) && !onRingEdge(lon, lat, hole));
}

/** The polygons of a geometry, each as its rings. */
export function polygonsOf(geometry: PolygonGeometry): Ring[][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates as Ring[]] : (geometry.coordinates as Ring[][]);
}

/** True when (lon, lat) lies inside the (multi)polygon or on its outline; holes excluded, their edges not. */
export function containsPoint(geometry: PolygonGeometry, lon: number, lat: number): boolean {
  return polygonsOf(geometry).some((rings) => insidePolygon(lon, lat, rings));
}
