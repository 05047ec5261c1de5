// Map overlay tiles of a Stat2D raster (spec 002 "Map screens": variable layers with a colour bar): slippy
// z/x/y tiles in Web Mercator (EPSG:3857, the projection of Leaflet's base layers), 256 × 256 RGBA PNG,
// values interpolated bilinearly between the raster nodes and coloured with the raster's colour bar.
// Pixels with no value (outside the raster, outside the zone, land) are transparent.
import { PNG } from 'pngjs';
import type { ColorBar, Stat2dRaster } from './stat2d';
import { normalizeLongitude } from './nearest';

export const TILE_SIZE = 256;

export interface ColorStop {
  /** Position along the colour map, 0–1. */
  index: number;
  rgb: [number, number, number];
}

/**
 * The colour maps STYLE.md asks for: cmocean (Thyng et al. 2016, Oceanography 29(3), "True colors of
 * oceanography") as sampled at nine stops by the npm `colormap` package 2.3 (MIT), and matplotlib's
 * viridis for generic fields. Linear interpolation between stops.
 */
export const COLORMAPS: Record<string, readonly ColorStop[]> = {
  'velocity-blue': stops([
    [17, 32, 64],
    [35, 52, 116],
    [29, 81, 156],
    [31, 113, 162],
    [50, 144, 169],
    [87, 173, 176],
    [149, 196, 189],
    [203, 221, 211],
    [254, 251, 230],
  ]),
  temperature: stops([
    [4, 35, 51],
    [23, 51, 122],
    [85, 59, 157],
    [129, 79, 143],
    [175, 95, 130],
    [222, 112, 101],
    [249, 146, 66],
    [249, 196, 65],
    [232, 250, 91],
  ]),
  salinity: stops([
    [42, 24, 108],
    [33, 50, 162],
    [15, 90, 145],
    [40, 118, 137],
    [59, 146, 135],
    [79, 175, 126],
    [120, 203, 104],
    [193, 221, 100],
    [253, 239, 154],
  ]),
  'freesurface-blue': stops([
    [30, 4, 110],
    [47, 14, 176],
    [41, 45, 236],
    [25, 99, 212],
    [68, 131, 200],
    [114, 156, 197],
    [157, 181, 203],
    [200, 208, 216],
    [241, 237, 236],
  ]),
  viridis: stops([
    [68, 1, 84],
    [71, 44, 122],
    [59, 81, 139],
    [44, 113, 142],
    [33, 144, 141],
    [39, 173, 129],
    [92, 200, 99],
    [170, 220, 50],
    [253, 231, 37],
  ]),
};

/** Nine stops at the package's positions 0, .13, .25, .38, .5, .63, .75, .88, 1. */
function stops(rgbs: [number, number, number][]): ColorStop[] {
  const at = [0, 0.13, 0.25, 0.38, 0.5, 0.63, 0.75, 0.88, 1];
  return rgbs.map((rgb, k) => ({ index: at[k]!, rgb }));
}

function colormapOf(name: string): readonly ColorStop[] {
  const map = COLORMAPS[name];
  if (!map) throw new RangeError(`colorAt: unknown colour map "${name}"`);
  return map;
}

/** RGB of a value on a colour bar: linear between the map's stops, clamped to [min, max]. */
export function colorAt(colorBar: Pick<ColorBar, 'colormap' | 'min' | 'max'>, value: number): number[] {
  const rgb = [0, 0, 0];
  paint(colormapOf(colorBar.colormap), colorBar, value, rgb, 0);
  return rgb;
}

/** Writes the RGB of a value at out[o..o+2]: the one colouring rule of colorAt and the tiles. */
function paint(
  map: readonly ColorStop[],
  colorBar: Pick<ColorBar, 'min' | 'max'>,
  value: number,
  out: Uint8Array | number[],
  o: number,
): void {
  const span = colorBar.max - colorBar.min;
  const t = span > 0 ? Math.min(1, Math.max(0, (value - colorBar.min) / span)) : 0.5;
  let k = 0;
  while (k < map.length - 2 && t > map[k + 1]!.index) k++;
  const a = map[k]!;
  const b = map[k + 1]!;
  const f = (t - a.index) / (b.index - a.index);
  out[o] = Math.round(a.rgb[0] + f * (b.rgb[0] - a.rgb[0]));
  out[o + 1] = Math.round(a.rgb[1] + f * (b.rgb[1] - a.rgb[1]));
  out[o + 2] = Math.round(a.rgb[2] + f * (b.rgb[2] - a.rgb[2]));
}

/** The colour bar as value/colour stops, for a legend drawn as a linear gradient equal to the tiles. */
export function colorBarStops(colorBar: Pick<ColorBar, 'colormap' | 'min' | 'max'>): {
  value: number;
  color: string;
}[] {
  const hex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return colormapOf(colorBar.colormap).map((stop) => ({
    value: colorBar.min + stop.index * (colorBar.max - colorBar.min),
    color: hex(stop.rgb),
  }));
}

/** Raster geometry as south/west/north/east edges of its cells (node ± half a step), degrees. */
export function rasterBounds(raster: Stat2dRaster): {
  south: number;
  west: number;
  north: number;
  east: number;
} {
  return {
    north: raster.north + raster.latStep / 2,
    south: raster.north - (raster.rows - 0.5) * raster.latStep,
    west: raster.west - raster.lonStep / 2,
    east: raster.west + (raster.columns - 0.5) * raster.lonStep,
  };
}

/**
 * The raster's value at a position: bilinear between the four surrounding nodes, weights renormalised over
 * the nodes that have a value; NaN more than half a cell outside the raster or where no node has a value.
 */
export function sampleRaster(raster: Stat2dRaster, lat: number, lon: number): number {
  return bilinear(raster, rowOf(raster, lat), columnOf(raster, lon));
}

/** Fractional row of a latitude (0 at the northern nodes). */
const rowOf = (raster: Stat2dRaster, lat: number) => (raster.north - lat) / raster.latStep;

/** Fractional column of a longitude (0 at the western nodes), across the antimeridian. */
function columnOf(raster: Stat2dRaster, lon: number): number {
  let dLon = normalizeLongitude(lon - raster.west);
  if (dLon < -raster.lonStep / 2) dLon += 360;
  return dLon / raster.lonStep;
}

function bilinear(raster: Stat2dRaster, fr: number, fc: number): number {
  const { rows, columns, values } = raster;
  if (!(fr >= -0.5 && fr <= rows - 0.5 && fc >= -0.5 && fc <= columns - 0.5)) return NaN;
  const r = Math.min(Math.max(fr, 0), rows - 1);
  const c = Math.min(Math.max(fc, 0), columns - 1);
  const r0 = Math.floor(r);
  const c0 = Math.floor(c);
  const r1 = Math.min(r0 + 1, rows - 1);
  const c1 = Math.min(c0 + 1, columns - 1);
  const dr = r - r0;
  const dc = c - c0;
  let sum = 0;
  let weight = 0;
  const corners = [
    [r0, c0, (1 - dr) * (1 - dc)],
    [r0, c1, (1 - dr) * dc],
    [r1, c0, dr * (1 - dc)],
    [r1, c1, dr * dc],
  ] as const;
  for (const [row, column, w] of corners) {
    const v = values[row * columns + column]!;
    if (w > 0 && !Number.isNaN(v)) {
      sum += w * v;
      weight += w;
    }
  }
  // A node exactly under the position has weight 1; at cell borders a zero weight must not hide it.
  if (weight === 0) return values[Math.round(r) * columns + Math.round(c)]!;
  return sum / weight;
}

/** Longitude and latitude of a fractional tile coordinate (Web Mercator). */
export function tileToLonLat(z: number, x: number, y: number): { lon: number; lat: number } {
  const n = 2 ** z;
  return {
    lon: (x / n) * 360 - 180,
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI,
  };
}

/** The tiles of zoom z covering the bounds: inclusive x and y ranges. */
export function tileRange(
  bounds: { south: number; west: number; north: number; east: number },
  z: number,
): { xMin: number; xMax: number; yMin: number; yMax: number } {
  const n = 2 ** z;
  const x = (lon: number) => Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
  const y = (lat: number) => {
    const phi = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
    const t = (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
    return Math.min(n - 1, Math.max(0, Math.floor(t * n)));
  };
  return { xMin: x(bounds.west), xMax: x(bounds.east), yMin: y(bounds.north), yMax: y(bounds.south) };
}

export interface TileOptions {
  /**
   * Outline to clip to (e.g. the zone): rings of [lon, lat] positions, every ring of every polygon, holes
   * included (even-odd rule). Pixels whose centre is outside stay transparent.
   */
  clip?: number[][][];
}

/** Longitudes where the rings cross a latitude, sorted: inside is between the 1st and 2nd, 3rd and 4th … */
function crossings(rings: number[][][], lat: number): number[] {
  const xs: number[] = [];
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if (yi > lat !== yj > lat) xs.push(((xj - xi) * (lat - yi)) / (yj - yi) + xi);
    }
  return xs.sort((a, b) => a - b);
}

/** RGBA pixels of tile z/x/y, row-major from the top-left; alpha 0 where there is no value. */
export function tilePixels(
  raster: Stat2dRaster,
  z: number,
  x: number,
  y: number,
  options: TileOptions = {},
): Uint8Array {
  const n = 2 ** z;
  if (!(Number.isInteger(z) && z >= 0 && z <= 22 && Number.isInteger(x) && Number.isInteger(y)))
    throw new RangeError(`tilePixels: invalid tile ${z}/${x}/${y}`);
  if (x < 0 || x >= n || y < 0 || y >= n)
    throw new RangeError(`tilePixels: tile ${z}/${x}/${y} outside the world`);
  const rgba = new Uint8Array(TILE_SIZE * TILE_SIZE * 4);
  // Longitude depends on the column only, latitude on the row only: both computed once.
  const lons = Float64Array.from(
    { length: TILE_SIZE },
    (_, px) => tileToLonLat(z, x + (px + 0.5) / TILE_SIZE, 0).lon,
  );
  const columns = Float64Array.from(lons, (lon) => columnOf(raster, lon));
  const map = colormapOf(raster.colorBar.colormap);
  for (let py = 0; py < TILE_SIZE; py++) {
    const lat = tileToLonLat(z, 0, y + (py + 0.5) / TILE_SIZE).lat;
    const row = rowOf(raster, lat);
    const edges = options.clip ? crossings(options.clip, lat) : undefined;
    let e = 0;
    for (let px = 0; px < TILE_SIZE; px++) {
      const lon = lons[px]!;
      if (edges) {
        while (e < edges.length && edges[e]! <= lon) e++;
        if (e % 2 === 0) continue; // an even number of crossings to the west: outside
      }
      const value = bilinear(raster, row, columns[px]!);
      if (Number.isNaN(value)) continue;
      const o = (py * TILE_SIZE + px) * 4;
      paint(map, raster.colorBar, value, rgba, o);
      rgba[o + 3] = 255;
    }
  }
  return rgba;
}

/** PNG of RGBA pixels (TILE_SIZE square unless told). */
export function encodePng(rgba: Uint8Array, width = TILE_SIZE, height = TILE_SIZE): Buffer {
  // One filter for every row (sub: the tiles are smooth gradients) instead of pngjs' adaptive choice among
  // five, which costs more than it saves here.
  const png = new PNG({ width, height, filterType: 1, deflateLevel: 6 });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png);
}

/** Tile z/x/y of a raster as a PNG. */
export function renderTile(
  raster: Stat2dRaster,
  z: number,
  x: number,
  y: number,
  options: TileOptions = {},
): Buffer {
  return encodePng(tilePixels(raster, z, x, y, options));
}
