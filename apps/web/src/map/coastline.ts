// The offline Natural Earth coastline (world-atlas land 1:50m, public domain). Shipped as a static asset
// fetched on first use, so it never weighs on the JavaScript bundle and needs no network beyond our server.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-50m.json?url';
import { packRings, type PackedRings } from './clip';

export type Land = FeatureCollection<Polygon | MultiPolygon> | Feature<Polygon | MultiPolygon>;

let land: Promise<Land> | null = null;

export function loadCoastline(): Promise<Land> {
  land ??= fetch(landUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`coastline: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryObject }>>;
    })
    .then((topology) => feature(topology, topology.objects.land) as Land)
    .catch((error: unknown) => {
      land = null;
      throw error;
    });
  return land;
}

/** The land polygons as packed [lng, lat] rings with their boxes, for the SVG previews of the project cards. */
export async function packedLand(): Promise<PackedRings> {
  const data = await loadCoastline();
  const features = data.type === 'FeatureCollection' ? data.features : [data];
  return packRings(
    features.flatMap((f) =>
      f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat(),
    ),
  );
}
