// Which place names the map writes (issue 30 "Map after an import": the sea must be recognisable without a
// tile service). The offline gazetteer's seas are named from the world view, capes from zoom 4, harbours
// and cities from zoom 5, so a regional view reads "South China Sea … Da Nang … Manila" and a world view
// is not covered in text.
import type { Place } from './gazetteer';

/** The first zoom at which each kind of place is named. */
export const labelMinZoom: Record<Place['kind'], number> = { sea: 3, cape: 4, port: 5, city: 5 };

export interface ViewBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The places named in a view at a zoom: inside the box and of a kind shown at that zoom, seas first. */
export function placesToLabel(places: readonly Place[], view: ViewBox, zoom: number): Place[] {
  const order: Place['kind'][] = ['sea', 'cape', 'port', 'city'];
  return places
    .filter(
      (p) =>
        zoom >= labelMinZoom[p.kind] &&
        p.lat >= view.south &&
        p.lat <= view.north &&
        p.lng >= view.west &&
        p.lng <= view.east,
    )
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.name.localeCompare(b.name));
}
