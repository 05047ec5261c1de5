// The offline Natural Earth coastline (world-atlas land 1:50m, public domain). Shipped as a static asset
// fetched on first use, so it never weighs on the JavaScript bundle and needs no network beyond our server.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-50m.json?url';

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

/** The land polygons as [lng, lat] rings, for the SVG previews of the project cards. */
export async function landRings(): Promise<[number, number][][]> {
  const data = await loadCoastline();
  const features = data.type === 'FeatureCollection' ? data.features : [data];
  return features.flatMap((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    return polygons.flatMap((polygon) =>
      polygon.map((ring) => ring.map(([lng = 0, lat = 0]) => [lng, lat] as [number, number])),
    );
  });
}
