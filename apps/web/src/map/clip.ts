// Land rings cut to a box, for the small SVG maps of the project cards and the zone picker. A card shows a
// few degrees of sea, yet a ring is the whole coast of a continent (Eurasia alone is ~10,000 vertices of
// the 1:50m coastline): drawn whole, three cards cost the home page three paints of 11,000-vertex paths.

export interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/**
 * Rings packed flat, as a worker hands them over: ring r's vertices are `coords[2 * starts[r]]` up to
 * `coords[2 * starts[r + 1]]` ([x, y] pairs), its box `boxes[4 * r]` … (minX, maxX, minY, maxY).
 */
export interface PackedRings {
  coords: Float64Array;
  starts: Uint32Array;
  boxes: Float64Array;
}

/** Packs [x, y] rings flat and measures each ring's box (once, where the land is read). */
export function packRings(rings: readonly (readonly (readonly number[])[])[]): PackedRings {
  const total = rings.reduce((sum, ring) => sum + ring.length, 0);
  const coords = new Float64Array(2 * total);
  const starts = new Uint32Array(rings.length + 1);
  const boxes = new Float64Array(4 * rings.length);
  let at = 0;
  rings.forEach((ring, r) => {
    starts[r] = at;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const [x = 0, y = 0] of ring) {
      coords[2 * at] = x;
      coords[2 * at + 1] = y;
      at += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    boxes.set([minX, maxX, minY, maxY], 4 * r);
  });
  starts[rings.length] = at;
  return { coords, starts, boxes };
}

/**
 * One Sutherland–Hodgman pass over a closed ring of flat [x, y, x, y, …] values: the part on the kept side of
 * one edge of the box, with the crossings put on that edge. `axis` 0 cuts in x, 1 in y; `keepAbove` keeps
 * values ≥ `at`. Flat numbers, not [x, y] pairs: a continent's ring is cut on every card without an object
 * per vertex.
 */
function clipAgainst(ring: ArrayLike<number>, axis: 0 | 1, at: number, keepAbove: boolean): number[] {
  const out: number[] = [];
  const n = ring.length / 2;
  const inside = (value: number) => (keepAbove ? value >= at : value <= at);
  let px = ring[2 * n - 2]!;
  let py = ring[2 * n - 1]!;
  let previousIn = inside(axis === 0 ? px : py);
  for (let i = 0; i < n; i++) {
    const x = ring[2 * i]!;
    const y = ring[2 * i + 1]!;
    const currentIn = inside(axis === 0 ? x : y);
    if (currentIn !== previousIn) {
      if (axis === 0) out.push(at, py + ((at - px) / (x - px)) * (y - py));
      else out.push(px + ((at - py) / (y - py)) * (x - px), at);
    }
    if (currentIn) out.push(x, y);
    px = x;
    py = y;
    previousIn = currentIn;
  }
  return out;
}

/**
 * The part of a closed ring (flat [x, y, …]) inside a box (Sutherland–Hodgman: exact for any ring against a
 * rectangle). Where the ring leaves the box and comes back, the pieces are joined along the box's edges, so
 * draw the result with the box a little larger than what is seen. Empty when nothing of the ring is inside.
 */
export function clipRing(ring: ArrayLike<number>, box: Box): number[] {
  // a closing vertex equal to the first adds a zero-length edge: harmless to every pass
  let out = clipAgainst(ring, 0, box.minX, true);
  if (out.length > 0) out = clipAgainst(out, 0, box.maxX, false);
  if (out.length > 0) out = clipAgainst(out, 1, box.minY, true);
  if (out.length > 0) out = clipAgainst(out, 1, box.maxY, false);
  return out.length >= 6 ? out : [];
}

/**
 * An SVG path of the rings cut to a box, in [x, −y] (north up), leaving out vertices closer than `tolerance`
 * to the last one drawn (a card is ~300 px wide: nothing below a pixel shows).
 */
export function clippedPath({ coords, starts, boxes }: PackedRings, box: Box, tolerance: number): string {
  const parts: string[] = [];
  for (let r = 0; r + 1 < starts.length; r++) {
    const [minX = 0, maxX = 0, minY = 0, maxY = 0] = boxes.subarray(4 * r, 4 * r + 4);
    if (maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY) continue;
    const ring = coords.subarray(2 * starts[r]!, 2 * starts[r + 1]!);
    const inside = minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY;
    const cut = inside ? ring : clipRing(ring, box);
    let lastX = Infinity;
    let lastY = Infinity;
    let drawn = 0;
    let text = '';
    for (let i = 0; i < cut.length; i += 2) {
      const x = cut[i]!;
      const y = cut[i + 1]!;
      if (Math.abs(x - lastX) < tolerance && Math.abs(y - lastY) < tolerance) continue;
      text += `${drawn === 0 ? 'M' : 'L'}${x.toFixed(3)},${(-y).toFixed(3)}`;
      lastX = x;
      lastY = y;
      drawn += 1;
    }
    if (drawn >= 3) parts.push(`${text}Z`);
  }
  return parts.join('');
}
