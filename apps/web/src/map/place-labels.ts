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

/** A label's box on screen, px, from its anchor: seas centred on it, towns to its right. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The screen box a name takes at the map's label sizes (about 6.5 px a character at 11–12 px). */
export function labelBox(place: Pick<Place, 'name' | 'kind'>, anchor: { x: number; y: number }): LabelBox {
  const width = place.name.length * 6.5 + (place.kind === 'sea' ? 0 : 8);
  const height = 14;
  return place.kind === 'sea'
    ? { x: anchor.x - width / 2, y: anchor.y - height / 2, width, height }
    : { x: anchor.x - 3, y: anchor.y - height / 2, width, height };
}

/**
 * The indices of the labels kept, in order, leaving out any whose box overlaps one kept before it: names
 * never print over each other ("IJmuiden" over "Amsterdam"), and the first (seas first) win.
 */
export function labelsWithoutOverlap(boxes: readonly LabelBox[]): number[] {
  const kept: number[] = [];
  boxes.forEach((box, index) => {
    const clash = kept.some((k) => {
      const other = boxes[k];
      return (
        other !== undefined &&
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height
      );
    });
    if (!clash) kept.push(index);
  });
  return kept;
}
