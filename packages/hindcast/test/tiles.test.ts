import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import {
  colorAt,
  colorBarStops,
  rasterBounds,
  rasterFromValues,
  renderTile,
  sampleRaster,
  stat2dValue,
  tilePixels,
  tileRange,
  tileToLonLat,
  TILE_SIZE,
} from '@metocean/hindcast';
import type { Stat2dRaster } from '@metocean/hindcast';

/** A 4 × 5 raster over 44–47 N, 6–2 W (1° step) with values v(lat, lon) = 10 + lon + 2 lat. */
function linearRaster(): Stat2dRaster {
  const rows = 4;
  const columns = 5;
  const north = 47;
  const west = -6;
  const values = Float32Array.from({ length: rows * columns }, (_, k) => {
    const lat = north - Math.floor(k / columns);
    const lon = west + (k % columns);
    return 10 + lon + 2 * lat;
  });
  return rasterFromValues({
    field: 'hs',
    statistic: 'mean',
    units: 'm',
    longName: 'significant wave height',
    values,
    rows,
    columns,
    north,
    west,
    latStep: 1,
    lonStep: 1,
    source: 'test',
  });
}

/** Pixel (px, py) of tile z/x/y whose centre is nearest to (lat, lon). */
function pixelAt(z: number, x: number, y: number, lat: number, lon: number): { px: number; py: number } {
  const n = 2 ** z;
  const fx = ((lon + 180) / 360) * n - x;
  const phi = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n - y;
  return { px: Math.floor(fx * TILE_SIZE), py: Math.floor(fy * TILE_SIZE) };
}

describe('colour bar', () => {
  it('colorAt gives the cmocean stops at their positions and interpolates between them', () => {
    // npm colormap 2.3 colorScale.js, "velocity-blue": index 0 → [17,32,64], 0.5 → [50,144,169],
    // 1 → [254,251,230]; a value beyond the range takes the end colour.
    const bar = { colormap: 'velocity-blue', min: 0, max: 4 };
    expect(colorAt(bar, 0)).toEqual([17, 32, 64]);
    expect(colorAt(bar, 2)).toEqual([50, 144, 169]);
    expect(colorAt(bar, 4)).toEqual([254, 251, 230]);
    expect(colorAt(bar, 9)).toEqual([254, 251, 230]);
    expect(colorAt(bar, -1)).toEqual([17, 32, 64]);
    expect(colorAt(bar, 1)).toEqual([29, 81, 156]); // the stop at 0.25
    // t = 0.125 is 0.125/0.13 of the way from [17,32,64] to [35,52,116]
    expect(colorAt(bar, 0.5)).toEqual([34, 51, 114]);
    // a constant field takes the middle colour
    expect(colorAt({ ...bar, max: 0 }, 0)).toEqual([50, 144, 169]);
    expect(() => colorAt({ ...bar, colormap: 'jet' }, 1)).toThrow(/unknown colour map "jet"/);
  });

  it('colorBarStops spreads the map over [min, max] as hex colours', () => {
    const stops = colorBarStops({ colormap: 'temperature', min: 10, max: 20 });
    expect(stops).toHaveLength(9);
    expect(stops[0]).toEqual({ value: 10, color: '#042333' });
    expect(stops[4]).toEqual({ value: 15, color: '#af5f82' });
    expect(stops[8]).toEqual({ value: 20, color: '#e8fa5b' });
  });

  it('rasterFromValues picks the field colour map, the range and round ticks; stat2dValue is mean or P90', () => {
    const raster = linearRaster();
    expect(raster.colorBar).toMatchObject({
      colormap: 'velocity-blue',
      min: 10 - 6 + 88,
      max: 10 - 2 + 94,
      units: 'm',
      label: 'Mean significant wave height',
    });
    expect(raster.colorBar.ticks).toEqual([92, 94, 96, 98, 100, 102]);
    const values = Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, NaN]);
    expect(stat2dValue(values, 'mean')).toBeCloseTo(5.5, 12);
    // type 7: h = (10 − 1) × 0.9 = 8.1 → 9 + 0.1 × (10 − 9)
    expect(stat2dValue(values, 'p90')).toBeCloseTo(9.1, 6);
  });
});

describe('raster sampling', () => {
  it('reproduces a field linear in latitude and longitude exactly between nodes (bilinear)', () => {
    const raster = linearRaster();
    for (const [lat, lon] of [
      [45.3, -4.2],
      [44, -6],
      [46.75, -2.1],
      [44.5, -5.5],
    ] as const)
      expect(sampleRaster(raster, lat, lon)).toBeCloseTo(10 + lon + 2 * lat, 4);
    // half a cell beyond the outer nodes holds the edge value, farther is empty
    expect(sampleRaster(raster, 47.4, -4)).toBeCloseTo(10 - 4 + 94, 4);
    expect(sampleRaster(raster, 47.6, -4)).toBeNaN();
    expect(sampleRaster(raster, 45, -1.4)).toBeNaN();
    expect(rasterBounds(raster)).toEqual({ north: 47.5, south: 43.5, west: -6.5, east: -1.5 });
  });

  it('renormalises over the nodes that have a value and is empty where none has', () => {
    const raster = linearRaster();
    const values = Float32Array.from(raster.values);
    values[0] = NaN; // 47 N 6 W
    const holed = { ...raster, values };
    // at the node itself nothing else weighs: empty
    expect(sampleRaster(holed, 47, -6)).toBeNaN();
    // a quarter cell away the three valid neighbours carry the value: (3/16·v(47,−5) + 3/16·v(46,−6) +
    // 1/16·v(46,−5)) / (7/16)
    const expected = (3 * (10 - 5 + 94) + 3 * (10 - 6 + 92) + 1 * (10 - 5 + 92)) / 7;
    expect(sampleRaster(holed, 46.75, -5.75)).toBeCloseTo(expected, 4);
  });

  it('crosses the antimeridian', () => {
    const raster = rasterFromValues({
      ...linearRaster(),
      west: 178,
      longName: 'significant wave height',
    });
    // column 3 of 178 E is 179 W
    expect(sampleRaster(raster, 47, -179)).toBeCloseTo(raster.values[3]!, 5);
    expect(sampleRaster(raster, 47, 178)).toBeCloseTo(raster.values[0]!, 5);
  });
});

describe('tiles', () => {
  it('tile coordinates follow the slippy-map convention', () => {
    expect(tileToLonLat(0, 0, 0)).toMatchObject({ lon: -180 });
    expect(tileToLonLat(0, 0, 0).lat).toBeCloseTo(85.0511, 4);
    expect(tileToLonLat(1, 1, 1)).toEqual({ lon: 0, lat: 0 });
    // Bay of Biscay at zoom 6 (OpenStreetMap tile numbers for 43.3–48.5 N, 10–1.2 W)
    expect(tileRange({ south: 43.3, west: -10, north: 48.5, east: -1.2 }, 6)).toEqual({
      xMin: 30,
      xMax: 31,
      yMin: 22,
      yMax: 23,
    });
  });

  it('a pixel of a known value has the colour-bar colour; no value is transparent', () => {
    const raster = linearRaster();
    const z = 8;
    const [lat, lon] = [45.5, -4.5];
    const { xMin: x, yMin: y } = tileRange({ south: lat, west: lon, north: lat, east: lon }, z);
    const png = PNG.sync.read(renderTile(raster, z, x, y));
    expect([png.width, png.height]).toEqual([TILE_SIZE, TILE_SIZE]);
    const { px, py } = pixelAt(z, x, y, lat, lon);
    const centre = tileToLonLat(z, x + (px + 0.5) / TILE_SIZE, y + (py + 0.5) / TILE_SIZE);
    const value = 10 + centre.lon + 2 * centre.lat; // the field at the pixel centre
    const o = (py * TILE_SIZE + px) * 4;
    expect([...png.data.subarray(o, o + 4)]).toEqual([...colorAt(raster.colorBar, value), 255]);
    // a tile far from the raster is fully transparent
    const empty = tilePixels(raster, z, 0, 0);
    expect(empty.every((byte) => byte === 0)).toBe(true);
  });

  it('leaves pixels outside the zone outline transparent', () => {
    const raster = linearRaster();
    const z = 5;
    const { xMin: x, yMin: y } = tileRange({ south: 45, west: -4, north: 45, east: -4 }, z);
    // a zone whose eastern edge is the meridian 4 W
    const zone = [
      [
        [-20, 30],
        [-4, 30],
        [-4, 60],
        [-20, 60],
        [-20, 30],
      ],
    ];
    const west = tilePixels(raster, z, x, y, { clip: zone });
    let drawnEast = 0;
    let drawnWest = 0;
    for (let py = 0; py < TILE_SIZE; py++)
      for (let px = 0; px < TILE_SIZE; px++) {
        const alpha = west[(py * TILE_SIZE + px) * 4 + 3]!;
        const { lon } = tileToLonLat(z, x + (px + 0.5) / TILE_SIZE, 0);
        if (alpha > 0 && lon >= -4) drawnEast++;
        if (alpha > 0 && lon < -4) drawnWest++;
      }
    expect(drawnEast).toBe(0);
    expect(drawnWest).toBeGreaterThan(100);
  });

  it('refuses a tile outside the world', () => {
    const raster = linearRaster();
    expect(() => tilePixels(raster, 2, 4, 0)).toThrow(/outside the world/);
    expect(() => tilePixels(raster, 1.5, 0, 0)).toThrow(/invalid tile/);
  });
});
