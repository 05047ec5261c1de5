// The Maps section of every report (spec 000 §6 "Sections: Introduction, Locations, Maps, Statistics…"): the
// map of the points and, where the project may see them, the zone's 2D statistics maps of the report's parts
// (services/stat2ds.ts reportMaps), each with its colour bar, units and source; otherwise one sentence
// saying why there are none. Drawn as the map screen draws them: equirectangular here, the values
// interpolated and coloured by the tiles' own rule (@metocean/hindcast sampleRaster, colorAt), clipped to the
// zone, under the offline coastline.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { REPORT_PART_LABELS, type ReportPart } from '@metocean/contracts';
import { colorAt, encodePng, sampleRaster } from '@metocean/hindcast';
import type { ReportMapLayer } from '../services/stat2ds';
import { fmt } from './format';
import type { ReportData } from './data';
import type { ReportPdf } from './pdf';

type Ring = [number, number][];
let landRings: Ring[] | undefined;

/** The land polygons of Natural Earth 1:50m (world-atlas), read once. */
function land(): Ring[] {
  if (landRings) return landRings;
  const require = createRequire(import.meta.url);
  const file = require.resolve('world-atlas/land-50m.json');
  const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology<{ land: GeometryCollection }>;
  const geo = feature(topology, topology.objects.land);
  const rings: Ring[] = [];
  for (const f of geo.features) {
    const g = f.geometry;
    if (g.type === 'Polygon') rings.push(...(g.coordinates as Ring[]));
    else if (g.type === 'MultiPolygon') for (const poly of g.coordinates as Ring[][]) rings.push(...poly);
  }
  landRings = rings;
  return rings;
}

interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/** A map frame on the page: the box widened to the frame's aspect, and the projection into it. */
interface Frame extends Box {
  x0: number;
  y0: number;
  width: number;
  height: number;
  px: (lon: number) => number;
  py: (lat: number) => number;
}

/** Equirectangular frame of a box at the current position (degrees of longitude shrink with cos(lat)). */
function frameOf(pdf: ReportPdf, box: Box, height: number): Frame {
  let { south, north, west, east } = box;
  const width = pdf.contentWidth;
  const cosLat = Math.cos((((north + south) / 2) * Math.PI) / 180);
  const spanX = (east - west) * cosLat;
  const spanY = north - south;
  if (spanX / spanY > width / height) {
    const extra = ((spanX * height) / width - spanY) / 2;
    south -= extra;
    north += extra;
  } else {
    const extra = ((spanY * width) / height / cosLat - (east - west)) / 2;
    west -= extra;
    east += extra;
  }
  const x0 = 50;
  const y0 = pdf.doc.y;
  return {
    south,
    north,
    west,
    east,
    x0,
    y0,
    width,
    height,
    px: (lon) => x0 + ((lon - west) / (east - west)) * width,
    py: (lat) => y0 + ((north - lat) / (north - south)) * height,
  };
}

/** The coastline over whatever the frame holds (land is drawn opaque: the maps have no value on land). */
function drawLand(pdf: ReportPdf, f: Frame): void {
  const { doc } = pdf;
  for (const ring of land()) {
    if (
      !ring.some(
        ([lon, lat]) => lon >= f.west - 5 && lon <= f.east + 5 && lat >= f.south - 5 && lat <= f.north + 5,
      )
    )
      continue;
    ring.forEach(([lon, lat], i) =>
      i === 0 ? doc.moveTo(f.px(lon), f.py(lat)) : doc.lineTo(f.px(lon), f.py(lat)),
    );
    doc.closePath();
  }
  doc.fillAndStroke('#e9e4d4', '#8c8c8c');
}

function drawPoints(pdf: ReportPdf, data: ReportData, f: Frame): void {
  const { doc } = pdf;
  for (const p of data.points) {
    doc.circle(f.px(p.point.lng), f.py(p.point.lat), 4).fillAndStroke('#c0392b', 'white');
    doc
      .fillColor('black')
      .fontSize(8)
      .text(p.point.name, f.px(p.point.lng) + 6, f.py(p.point.lat) - 4, { lineBreak: false });
  }
}

/** The frame's border and the line under it; the cursor goes below. */
function closeFrame(pdf: ReportPdf, f: Frame, caption: string): void {
  const { doc } = pdf;
  doc.rect(f.x0, f.y0, f.width, f.height).stroke('#555555');
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(caption, 50, f.y0 + f.height + 4, { width: f.width });
  doc.fillColor('black').fontSize(10);
  doc.x = 50;
  doc.y = Math.max(doc.y, f.y0 + f.height + 20);
}

const extent = (f: Frame) =>
  `${fmt(f.south, 2)}°N – ${fmt(f.north, 2)}°N, ${fmt(f.west, 2)}°E – ${fmt(f.east, 2)}°E`;
const COASTLINE = 'coastline: Natural Earth 1:50m (world-atlas)';

/** The points on an offline coastline, equirectangular, drawn as vectors. */
function pointMap(pdf: ReportPdf, data: ReportData): void {
  const lats = data.points.map((p) => p.point.lat);
  const lons = data.points.map((p) => p.point.lng);
  const pad = 2;
  const box = {
    south: Math.min(...lats) - pad,
    north: Math.max(...lats) + pad,
    west: Math.min(...lons) - pad,
    east: Math.max(...lons) + pad,
  };
  pdf.ensure(300 + 30);
  const f = frameOf(pdf, box, 300);
  const { doc } = pdf;
  doc.save();
  doc.rect(f.x0, f.y0, f.width, f.height).fill('#dbe9f6');
  doc.rect(f.x0, f.y0, f.width, f.height).clip();
  drawLand(pdf, f);
  drawPoints(pdf, data, f);
  doc.restore();
  closeFrame(pdf, f, `${extent(f)} · ${COASTLINE}`);
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

/** Image pixels per point of the page: the values are smooth (bilinear), finer adds bytes, not detail. */
const PIXELS_PER_POINT = 1.5;
const LAYER_MAP_HEIGHT = 250;
const LEGEND_HEIGHT = 46;

/** The layer's values as a PNG over the frame: coloured as the tiles, transparent outside the zone. */
function layerImage(layer: ReportMapLayer, f: Frame, rings: number[][][]): Buffer {
  const w = Math.round(f.width * PIXELS_PER_POINT);
  const h = Math.round(f.height * PIXELS_PER_POINT);
  const rgba = new Uint8Array(w * h * 4);
  const { colormap, min, max } = layer.properties;
  for (let y = 0; y < h; y++) {
    const lat = f.north - ((y + 0.5) / h) * (f.north - f.south);
    const edges = crossings(rings, lat);
    let e = 0;
    for (let x = 0; x < w; x++) {
      const lon = f.west + ((x + 0.5) / w) * (f.east - f.west);
      while (e < edges.length && edges[e]! <= lon) e++;
      if (e % 2 === 0) continue; // outside the zone
      const value = sampleRaster(layer.raster, lat, lon);
      if (Number.isNaN(value)) continue;
      const [r = 0, g = 0, b = 0] = colorAt({ colormap, min, max }, value);
      const o = (y * w + x) * 4;
      rgba[o] = r;
      rgba[o + 1] = g;
      rgba[o + 2] = b;
      rgba[o + 3] = 255;
    }
  }
  return encodePng(rgba, w, h);
}

/** The colour bar under a map: the gradient of the tiles, its ticks, the variable and units. */
function legend(pdf: ReportPdf, layer: ReportMapLayer, y: number): void {
  const { doc } = pdf;
  const { min, max, ticks, colorStops, units } = layer.properties;
  const x = 50;
  const width = pdf.contentWidth * 0.7;
  const span = max - min;
  const at = (value: number) => x + (span > 0 ? ((value - min) / span) * width : width / 2);
  const gradient = doc.linearGradient(x, 0, x + width, 0);
  for (const stop of colorStops)
    gradient.stop(span > 0 ? Math.min(1, Math.max(0, (stop.value - min) / span)) : 0.5, stop.color);
  doc.rect(x, y, width, 10).fill(gradient);
  doc.rect(x, y, width, 10).stroke('#555555');
  doc.fontSize(7.5).fillColor('black');
  const digits = span >= 10 ? 0 : span >= 1 ? 1 : 2;
  for (const tick of ticks) {
    if (tick < min || tick > max) continue;
    doc
      .moveTo(at(tick), y + 10)
      .lineTo(at(tick), y + 13)
      .stroke('#555555');
    doc.text(fmt(tick, digits), at(tick) - 20, y + 14, { width: 40, align: 'center', lineBreak: false });
  }
  doc.fontSize(8.5).text(units, x + width + 8, y + 1, { width: pdf.contentWidth - width - 8 });
  doc.fontSize(10);
}

/** One 2D statistics map: title, the coloured values over the zone, coastline, points, colour bar, source. */
function layerFigure(pdf: ReportPdf, data: ReportData, layer: ReportMapLayer): void {
  const { properties } = layer;
  const height = LAYER_MAP_HEIGHT + LEGEND_HEIGHT + 30;
  pdf.heading(`${properties.name} (${properties.units})`, 3, height);
  pdf.ensure(height);
  const { geom } = data.maps;
  const rings = (geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates) as number[][][][];
  // framed on the zone (the raster reaches half a step beyond it), with a margin
  const lons = rings.flat(2).map(([lon = 0]) => lon);
  const lats = rings.flat(2).map(([, lat = 0]) => lat);
  const padLat = Math.max(0.25, (Math.max(...lats) - Math.min(...lats)) * 0.05);
  const padLon = Math.max(0.25, (Math.max(...lons) - Math.min(...lons)) * 0.05);
  const f = frameOf(
    pdf,
    {
      south: Math.min(...lats) - padLat,
      north: Math.max(...lats) + padLat,
      west: Math.min(...lons) - padLon,
      east: Math.max(...lons) + padLon,
    },
    LAYER_MAP_HEIGHT,
  );
  const { doc } = pdf;
  doc.save();
  doc.rect(f.x0, f.y0, f.width, f.height).fill('#f4f6f8');
  doc.rect(f.x0, f.y0, f.width, f.height).clip();
  doc.image(layerImage(layer, f, rings.flat()), f.x0, f.y0, { width: f.width, height: f.height });
  drawLand(pdf, f);
  // the zone's outline, dashed
  for (const ring of rings.flat()) {
    ring.forEach(([lon = 0, lat = 0], i) =>
      i === 0 ? doc.moveTo(f.px(lon), f.py(lat)) : doc.lineTo(f.px(lon), f.py(lat)),
    );
    doc.closePath();
  }
  doc.lineWidth(0.8).dash(3, { space: 2 }).stroke('#0b3c5d').undash().lineWidth(1);
  drawPoints(pdf, data, f);
  doc.restore();
  doc.rect(f.x0, f.y0, f.width, f.height).stroke('#555555');
  legend(pdf, layer, f.y0 + f.height + 6);
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      `${properties.source}; drawn ${properties.renderedAt.slice(0, 10)} · ${extent(f)} · ${COASTLINE}`,
      50,
      f.y0 + f.height + LEGEND_HEIGHT - 14,
      { width: f.width },
    );
  doc.fillColor('black').fontSize(10);
  doc.x = 50;
  doc.y += 8;
}

/** Why a report has no 2D statistics map: one plain sentence. */
function noMapsSentence(data: ReportData, parts: readonly ReportPart[]): string | undefined {
  const zone = data.access.zone.name;
  switch (data.maps.status) {
    case 'unavailable':
      return `The zone ${zone} has no 2D statistics maps.`;
    case 'notBought':
      return `The 2D statistics maps of the zone ${zone} were not bought for this project: a manager can buy them from the project's map.`;
    case 'rendering':
      return `The 2D statistics maps of the zone ${zone} have not been drawn yet: open them on the project's map, then generate this report again.`;
    case 'available':
      return data.maps.layers.length === 0
        ? `The 2D statistics maps of the zone ${zone} have no layer for the parts of this report (${parts.map((p) => REPORT_PART_LABELS[p]).join(', ') || 'none'}).`
        : undefined;
  }
}

export function mapsSection(pdf: ReportPdf, data: ReportData, parts: readonly ReportPart[]): void {
  pdf.heading('Maps', 1);
  pdf.heading('Map of the points', 2);
  pointMap(pdf, data);
  pdf.heading('2D statistics maps', 2);
  const sentence = noMapsSentence(data, parts);
  if (sentence !== undefined) {
    pdf.paragraph(sentence);
    return;
  }
  pdf.paragraph(
    `The statistics of the zone ${data.access.zone.name} over its whole area, for the parts of this report; the points are marked. Each map is clipped to the zone's outline (dashed); land is left blank.`,
  );
  for (const layer of data.maps.layers) layerFigure(pdf, data, layer);
}
