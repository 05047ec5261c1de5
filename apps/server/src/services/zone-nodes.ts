// The Grids overlay of the map (spec 002 'Map screens': Grids): the nodes of the datasets serving a zone
// inside the map's view, so users see where data exists and which node a point snaps to. The zone must be
// one the caller sees (the zone rule of services/zones.ts); the view is clipped to the zone's bounds, since
// points are only placed inside the zone. Also what positions of a zone would read before a project exists
// (issue 30), so the new-project flow names the variables its points will lack.
import { gridNodesInBox, intersectBoxes } from '@metocean/hindcast';
import { parseBbox, ZONE_NODES_MAX, type ZoneNodes, type ZonePointData } from '@metocean/contracts';
import { pointDataList, sameNodeIndices } from '../data/point-data';
import { datasetsOfZones } from '../data/registry';
import { openSource } from '../data/sources';
import { fieldError } from '../http/errors';
import type { Caller, Services } from './context';
import { getZone } from './zones';

export async function zoneNodes(
  services: Services,
  caller: Caller,
  zoneId: number,
  bbox: string,
  maxNodes = ZONE_NODES_MAX,
): Promise<ZoneNodes> {
  const view = parseBbox(bbox);
  if ('error' in view) throw fieldError('bbox', view.error);
  const zone = await getZone(services, caller, zoneId);
  const { southWest: sw, northEast: ne } = zone.bounds;
  // Zone bounds are the min/max of the outline (seed/zones.ts); a box crossing the antimeridian is not clipped.
  const box =
    sw.lon <= ne.lon
      ? intersectBoxes(view, { west: sw.lon, south: sw.lat, east: ne.lon, north: ne.lat })
      : view;
  const datasets = [];
  for (const dataset of await datasetsOfZones(services.db, [zone.id])) {
    const opened = await openSource(dataset.meta.source);
    const mask = 'mask' in opened ? opened.mask : undefined;
    const found = box
      ? gridNodesInBox(opened.info.grid, box, {
          maxNodes,
          ...(mask ? { isSea: (k: number) => mask[k] === 1 } : {}),
        })
      : { nodes: [], total: 0, thinned: false, spacing: 1 };
    datasets.push({ id: dataset.id, name: dataset.name, synthetic: dataset.meta.synthetic, ...found });
  }
  return { zone: zone.id, maxNodes, datasets };
}

/**
 * For each position, the dataset, node and variables it would read in the zone, the variables another
 * dataset of the zone holds that it would lack (South China Sea: the real ERA5 record near its node has
 * waves only, the synthetic set elsewhere has wind, currents and levels too), and the positions on its node.
 */
export async function zonePointData(
  services: Services,
  caller: Caller,
  zoneId: number,
  positions: { lat: number; lng: number }[],
): Promise<ZonePointData> {
  const zone = await getZone(services, caller, zoneId);
  const offered = new Set<string>();
  for (const dataset of await datasetsOfZones(services.db, [zone.id]))
    for (const v of dataset.meta.variables) if (v.name !== 'hurricane') offered.add(v.name);
  const found = await pointDataList(
    services.db,
    zone.id,
    positions.map((p, index) => ({ name: String(index), lat: p.lat, lng: p.lng })),
  );
  const shared = sameNodeIndices(found);
  return {
    zone: zone.id,
    points: found.map((data, index) => {
      if (!data) return null;
      const variables = data.fields.filter((key) => !key.includes('@'));
      const held = new Set(variables);
      return {
        dataset: data.dataset,
        synthetic: data.synthetic,
        node: data.node,
        variables,
        lacks: [...offered].filter((name) => !held.has(name)),
        sameNodeAs: shared[index] ?? [],
      };
    }),
  };
}
