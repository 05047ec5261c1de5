// /api/geometries (spec 000 §2.7 geometry management dialog, §7 Maps and geometries): upload of KML, KMZ,
// GeoJSON and zipped shapefiles into WGS 84 layers, rename and recolour, layer colour and type, delete;
// editors only, readable by whoever sees the project, 404 across customers; files parsed defensively.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import proj4 from 'proj4';
import {
  geometryLimits,
  geometryMessages,
  geometryPalette,
  messages,
  projectMessages,
  type Offer,
  type Project,
  type ProjectGeometry,
} from '@metocean/contracts';
import { offerInstances } from '../../src/db/schema';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let trial: Actor;

const upload = (who: Actor, fileName: string, content: Uint8Array | string, project: number) =>
  who.upload<ProjectGeometry & Record<string, unknown>>('/api/geometries/', {
    project: String(project),
    file: { content, fileName },
  });

async function createProject(who: Actor, offerName: string, name: string): Promise<Project> {
  const offers = (await who.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.name === offerName)!;
  const created = await who.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
    points: [{ lat: 53.3, lng: 1.3 }],
  });
  expect(created.status).toBe(201);
  return (await who.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
}

// ---- a small ESRI shapefile writer (ESRI Shapefile Technical Description, 1998): polylines (3), polygons
// (5) and points (1), one part per shape ------------------------------------------------------------------

type Shape = { kind: 'point'; x: number; y: number } | { kind: 'line' | 'polygon'; path: [number, number][] };
const shapeType = { point: 1, line: 3, polygon: 5 } as const;

function record(shape: Shape): Uint8Array {
  if (shape.kind === 'point') {
    const view = new DataView(new ArrayBuffer(20));
    view.setInt32(0, 1, true);
    view.setFloat64(4, shape.x, true);
    view.setFloat64(12, shape.y, true);
    return new Uint8Array(view.buffer);
  }
  const n = shape.path.length;
  const view = new DataView(new ArrayBuffer(48 + 16 * n));
  view.setInt32(0, shapeType[shape.kind], true);
  const xs = shape.path.map((p) => p[0]);
  const ys = shape.path.map((p) => p[1]);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
    view.setFloat64(4 + 8 * i, v, true),
  );
  view.setInt32(36, 1, true);
  view.setInt32(40, n, true);
  view.setInt32(44, 0, true);
  shape.path.forEach(([x, y], i) => {
    view.setFloat64(48 + 16 * i, x, true);
    view.setFloat64(56 + 16 * i, y, true);
  });
  return new Uint8Array(view.buffer);
}

function dbf(names: string[]): Uint8Array {
  const width = 20;
  const headerLength = 65;
  const bytes = new Uint8Array(headerLength + (1 + width) * names.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  view.setUint32(4, names.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, 1 + width, true);
  bytes.set(new TextEncoder().encode('NAME'), 32);
  bytes[43] = 'C'.charCodeAt(0);
  bytes[48] = width;
  bytes[64] = 0x0d;
  names.forEach((name, i) => {
    const at = headerLength + i * (1 + width);
    bytes[at] = 0x20;
    bytes.set(new TextEncoder().encode(name.padEnd(width).slice(0, width)), at + 1);
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

function shapefileParts(
  shapes: Shape[],
  names: string[],
): { shp: Uint8Array; shx: Uint8Array; dbf: Uint8Array } {
  const records = shapes.map(record);
  const shpWords = 50 + records.reduce((s, r) => s + 4 + r.length / 2, 0);
  const shp = new Uint8Array(shpWords * 2);
  const shx = new Uint8Array((50 + 4 * shapes.length) * 2);
  for (const [bytes, words] of [
    [shp, shpWords],
    [shx, shx.length / 2],
  ] as const) {
    const view = new DataView(bytes.buffer);
    view.setInt32(0, 9994, false);
    view.setInt32(24, words, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, shapeType[shapes[0]!.kind], true);
  }
  let offset = 100;
  records.forEach((r, i) => {
    const view = new DataView(shp.buffer);
    view.setInt32(offset, i + 1, false);
    view.setInt32(offset + 4, r.length / 2, false);
    shp.set(r, offset + 8);
    const index = new DataView(shx.buffer);
    index.setInt32(100 + 8 * i, offset / 2, false);
    index.setInt32(104 + 8 * i, r.length / 2, false);
    offset += 8 + r.length;
  });
  return { shp, shx, dbf: dbf(names) };
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';
const UTM31N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_31N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000],PARAMETER["False_Northing",0],PARAMETER["Central_Meridian",3],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0],UNIT["Meter",1]]';

async function zipOf(files: Record<string, Uint8Array | string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const farm: [number, number][] = [
  [1.2, 53.2],
  [1.5, 53.2],
  [1.5, 53.4],
  [1.2, 53.4],
  [1.2, 53.2],
];
const geojson = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Farm', area: 42 },
      geometry: { type: 'Polygon', coordinates: [farm] },
    },
    {
      type: 'Feature',
      properties: { name: 'Export cable', nested: { dropped: true } },
      geometry: {
        type: 'LineString',
        coordinates: [
          [1.3, 53.3, 12],
          [1.9, 53.0, 0],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: 'Substation' },
      geometry: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1.35, 53.31] },
          { type: 'Point', coordinates: [1.36, 53.32] },
        ],
      },
    },
    { type: 'Feature', properties: {}, geometry: null },
  ],
});
const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Boundary</name><LineString><coordinates>1.2,53.2 1.5,53.2 1.5,53.4 1.2,53.2</coordinates></LineString></Placemark>
  <Placemark><name>Other boundary</name><LineString><coordinates>1.0,53.0 1.1,53.0 1.1,53.1 1.0,53.0</coordinates></LineString></Placemark>
</Document></kml>`;

let project: Project;

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  standard = await server.as('standard');
  trial = await server.as('trial');
  project = await createProject(manager, 'On Demand', 'Geometries_project');
});
afterAll(() => server.stop());

describe('uploading geometries', () => {
  it('reads a GeoJSON file into one layer per kind, in WGS 84 and the first palette colour', async () => {
    const answer = await upload(manager, 'Wind farm.geojson', geojson, project.id);
    expect(answer.status).toBe(201);
    const geometry = answer.body;
    expect(geometry).toMatchObject({ project: project.id, name: 'Wind farm', color: geometryPalette[0] });
    expect(geometry.layers.map((l) => [l.id, l.name, l.type, l.color])).toEqual([
      [1, 'Polygons', 'polygon', geometryPalette[0]],
      [2, 'Lines', 'line', geometryPalette[0]],
      [3, 'Points', 'point', geometryPalette[0]],
    ]);
    expect(geometry.layers.map((l) => l.allowedTypes)).toEqual([['polygon', 'line'], ['line'], ['point']]);
    // Heights dropped, nested properties dropped, the GeometryCollection unfolded into its two points.
    expect(geometry.layers[1]!.features.features[0]).toEqual({
      type: 'Feature',
      properties: { name: 'Export cable' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [1.3, 53.3],
          [1.9, 53],
        ],
      },
    });
    expect(geometry.layers[2]!.features.features).toHaveLength(2);
    expect(geometry.layers[0]!.features.features[0]!.properties).toEqual({ name: 'Farm', area: 42 });
  });

  it('gives the next upload the next palette colour and lists geometries in upload order', async () => {
    const answer = await upload(manager, 'boundaries.kml', kml, project.id);
    expect(answer.status).toBe(201);
    expect(answer.body.color).toBe(geometryPalette[1]);
    // Closed lines (a boundary traced as a line) may also be drawn filled.
    expect(answer.body.layers).toMatchObject([
      { name: 'Lines', type: 'line', allowedTypes: ['line', 'polygon'] },
    ]);
    const list = await manager.get<ProjectGeometry[]>(`/api/geometries/?project=${project.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((g) => g.name)).toEqual(['Wind farm', 'boundaries']);
  });

  it('reads a KMZ archive', async () => {
    const answer = await upload(manager, 'zipped.kmz', await zipOf({ 'doc.kml': kml }), project.id);
    expect(answer.status).toBe(201);
    expect(answer.body.layers[0]!.features.features).toHaveLength(2);
  });

  it('reprojects a zipped UTM shapefile to WGS 84 and makes a layer of each shapefile in the archive', async () => {
    // On the central meridian of UTM zone 31N (3° E) the easting is exactly the false easting, 500,000 m
    // (Snyder 1987, Map Projections — A Working Manual, §8); latitudes are checked against proj4 itself.
    const cable = shapefileParts(
      [
        {
          kind: 'line',
          path: [
            [500_000, 5_900_000],
            [520_000, 5_910_000],
          ],
        },
      ],
      ['Cable A'],
    );
    const turbines = shapefileParts(
      [
        { kind: 'point', x: 1.4, y: 53.3 },
        { kind: 'point', x: 1.45, y: 53.32 },
      ],
      ['T1', 'T2'],
    );
    const archive = await zipOf({
      'cables.shp': cable.shp,
      'cables.shx': cable.shx,
      'cables.dbf': cable.dbf,
      'cables.prj': UTM31N_PRJ,
      'turbines.shp': turbines.shp,
      'turbines.shx': turbines.shx,
      'turbines.dbf': turbines.dbf,
      'turbines.prj': WGS84_PRJ,
      '__MACOSX/._cables.shp': 'resource fork',
    });
    const answer = await upload(manager, 'site.zip', archive, project.id);
    expect(answer.status).toBe(201);
    expect(answer.body.layers.map((l) => [l.name, l.type])).toEqual([
      ['cables', 'line'],
      ['turbines', 'point'],
    ]);
    const [start, end] = answer.body.layers[0]!.features.features[0]!.geometry.coordinates as number[][];
    expect(start![0]).toBeCloseTo(3, 7);
    const utm = proj4(UTM31N_PRJ, 'WGS84');
    const expectedEnd = utm.forward([520_000, 5_910_000]);
    // 7 decimals are kept (about 1 cm).
    expect(start![1]).toBeCloseTo(utm.forward([500_000, 5_900_000])[1]!, 6);
    expect(end![0]).toBeCloseTo(expectedEnd[0]!, 6);
    expect(end![1]).toBeCloseTo(expectedEnd[1]!, 6);
    expect(answer.body.layers[1]!.features.features.map((f) => f.properties?.NAME)).toEqual(['T1', 'T2']);
  });

  it('reprojects GeoJSON that names a known coordinate system and refuses an unknown one', async () => {
    const [x, y] = proj4('WGS84', 'EPSG:3857').forward([1.5, 53.25]);
    const mercator = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [x, y] } }],
    };
    const answer = await upload(manager, 'mercator.json', JSON.stringify(mercator), project.id);
    expect(answer.status).toBe(201);
    const [lng, lat] = answer.body.layers[0]!.features.features[0]!.geometry.coordinates as number[];
    expect(lng).toBeCloseTo(1.5, 6);
    expect(lat).toBeCloseTo(53.25, 6);
    const unknown = { ...mercator, crs: { type: 'name', properties: { name: 'EPSG:999999' } } };
    expect((await upload(manager, 'unknown.json', JSON.stringify(unknown), project.id)).body).toEqual({
      nonFieldErrors: [geometryMessages.unknownCrs('EPSG:999999')],
    });
  });

  it('refuses bad files with a clear message and stores nothing', async () => {
    const before = (await manager.get<ProjectGeometry[]>(`/api/geometries/?project=${project.id}`)).body;
    const refused = async (fileName: string, content: Uint8Array | string) => {
      const answer = await upload(manager, fileName, content, project.id);
      expect(answer.status).toBe(400);
      return answer.body;
    };
    expect(await refused('notes.txt', 'hello')).toEqual({ nonFieldErrors: [geometryMessages.unknownFormat] });
    expect(await refused('broken.json', '{"type": "Feature')).toEqual({
      nonFieldErrors: ['The GeoJSON file could not be read'],
    });
    expect(await refused('empty.geojson', '{"type":"FeatureCollection","features":[]}')).toEqual({
      nonFieldErrors: [geometryMessages.noFeatures],
    });
    // Projected metres with no .prj or crs: not longitudes and latitudes.
    const metres = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [500000, 5900000] },
    };
    expect(await refused('metres.json', JSON.stringify(metres))).toEqual({
      nonFieldErrors: [geometryMessages.notLonLat],
    });
    const textCoordinates = { type: 'Point', coordinates: ['1', '53'] };
    expect(await refused('text.json', JSON.stringify(textCoordinates))).toEqual({
      nonFieldErrors: [geometryMessages.notLonLat],
    });
    expect(await refused('shapes.zip', 'not a zip')).toEqual({
      nonFieldErrors: ['The archive could not be opened: it is not a valid zip file'],
    });
    expect(await refused('no-shp.zip', await zipOf({ 'readme.txt': 'nothing' }))).toEqual({
      nonFieldErrors: ['The zipped shapefile lacks its shp part(s)'],
    });
    const tooMany = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: Array.from({ length: geometryLimits.positions + 1 }, (_, i) => [i / 1e6, 50]),
      },
    };
    expect(await refused('long.json', JSON.stringify(tooMany))).toEqual({
      nonFieldErrors: [geometryMessages.tooManyPositions],
    });
    const after = (await manager.get<ProjectGeometry[]>(`/api/geometries/?project=${project.id}`)).body;
    expect(after).toHaveLength(before.length);
  });

  it('refuses a zip bomb before inflating it, and files over the upload limit', async () => {
    // 61 MB of zeros deflate to about 60 kB: the declared uncompressed size gives it away.
    const bomb = await zipOf({ 'big.shp': new Uint8Array(geometryLimits.unzippedMaxBytes + 1024 * 1024) });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload(manager, 'bomb.zip', bomb, project.id);
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toMatch(/too large once unzipped/);
    const big = await upload(
      manager,
      'big.json',
      new Uint8Array(geometryLimits.fileMaxBytes + 1),
      project.id,
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: projectMessages.fileTooLarge(10) });
  });

  it('needs a project and a file', async () => {
    const answer = await manager.upload('/api/geometries/', {
      file: { content: geojson, fileName: 'a.json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ fieldErrors: { project: [messages.required] } });
  });
});

describe('changing geometries', () => {
  let geometry: ProjectGeometry;
  beforeAll(async () => {
    geometry = (await upload(manager, 'Editable.geojson', geojson, project.id)).body;
  });

  it('renames and recolours a geometry; its layers take the new colour', async () => {
    const renamed = await manager.patch<ProjectGeometry>(`/api/geometries/${geometry.id}/`, {
      name: '  Farm outline ',
      color: geometryPalette[5],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Farm outline');
    expect(renamed.body.layers.every((l) => l.color === geometryPalette[5])).toBe(true);
    expect((await manager.patch(`/api/geometries/${geometry.id}/`, { color: '#123456' })).body).toEqual({
      fieldErrors: { color: ['Choose a colour of the palette'] },
    });
    expect((await manager.patch(`/api/geometries/${geometry.id}/`, { name: ' ' })).body).toEqual({
      fieldErrors: { name: [messages.required] },
    });
    expect((await manager.patch(`/api/geometries/${geometry.id}/`, {})).status).toBe(400);
  });

  it("changes a layer's colour and type within what its features allow", async () => {
    const path = `/api/geometries/${geometry.id}/polygon/1/`;
    const outline = await manager.patch<ProjectGeometry>(path, {
      type: 'line',
      color: geometryPalette[2],
    });
    expect(outline.status).toBe(200);
    expect(outline.body.layers[0]).toMatchObject({ id: 1, type: 'line', color: geometryPalette[2] });
    expect(outline.body.layers[1]!.color).toBe(geometryPalette[5]);
    // The layer is now addressed by its new type.
    expect((await manager.patch(path, { color: geometryPalette[3] })).status).toBe(404);
    expect((await manager.patch(`/api/geometries/${geometry.id}/line/1/`, { type: 'point' })).body).toEqual({
      fieldErrors: { type: [geometryMessages.typeNotAllowed('point', ['polygon', 'line'])] },
    });
    expect(
      (
        await manager.patch(`/api/geometries/${geometry.id}/line/9/`, {
          color: geometryPalette[3],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await manager.patch(`/api/geometries/${geometry.id}/circle/1/`, {
          color: geometryPalette[3],
        })
      ).status,
    ).toBe(400);
  });

  it('deletes a geometry', async () => {
    const doomed = (await upload(manager, 'Doomed.kml', kml, project.id)).body;
    expect((await manager.delete(`/api/geometries/${doomed.id}/`)).status).toBe(204);
    const list = (await manager.get<ProjectGeometry[]>(`/api/geometries/?project=${project.id}`)).body;
    expect(list.map((g) => g.id)).not.toContain(doomed.id);
    expect((await manager.delete(`/api/geometries/${doomed.id}/`)).status).toBe(404);
  });
});

describe('who may see and change geometries', () => {
  let geometry: ProjectGeometry;
  beforeAll(async () => {
    geometry = (await upload(manager, 'Shared.geojson', geojson, project.id)).body;
    const memberId = (await member.get<{ id: number }>('/api/users/current/')).body.id;
    await manager.post(`/api/projects/${project.id}/update_collaborators/`, {
      collaborators: [memberId],
    });
  });

  it('lets a member of the project read but not change', async () => {
    const list = await member.get<ProjectGeometry[]>(`/api/geometries/?project=${project.id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((g) => g.id)).toContain(geometry.id);
    expect((await upload(member, 'x.geojson', geojson, project.id)).status).toBe(403);
    expect((await member.patch(`/api/geometries/${geometry.id}/`, { name: 'Mine' })).status).toBe(403);
    expect(
      (
        await member.patch(`/api/geometries/${geometry.id}/polygon/1/`, {
          color: geometryPalette[1],
        })
      ).status,
    ).toBe(403);
    expect((await member.delete(`/api/geometries/${geometry.id}/`)).status).toBe(403);
  });

  it("answers 404 to another customer's users", async () => {
    expect((await standard.get(`/api/geometries/?project=${project.id}`)).status).toBe(404);
    expect((await upload(standard, 'x.geojson', geojson, project.id)).status).toBe(404);
    expect((await standard.patch(`/api/geometries/${geometry.id}/`, { name: 'Theirs' })).status).toBe(404);
    expect(
      (
        await standard.patch(`/api/geometries/${geometry.id}/polygon/1/`, {
          color: geometryPalette[1],
        })
      ).status,
    ).toBe(404);
    expect((await standard.delete(`/api/geometries/${geometry.id}/`)).status).toBe(404);
  });

  it('refuses changes once the offer has expired, and keeps geometries readable', async () => {
    const db = server.runtime.services.db;
    const [instance] = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.id, project.offerInstance.id));
    await db
      .update(offerInstances)
      .set({ offerEnd: new Date(Date.now() - 1000) })
      .where(eq(offerInstances.id, project.offerInstance.id));
    try {
      const expired = { nonFieldErrors: [projectMessages.offerExpired('On Demand')] };
      expect((await upload(manager, 'late.geojson', geojson, project.id)).body).toEqual(expired);
      expect((await manager.patch(`/api/geometries/${geometry.id}/`, { name: 'Late' })).body).toEqual(
        expired,
      );
      expect((await manager.delete(`/api/geometries/${geometry.id}/`)).body).toEqual(expired);
      expect((await manager.get(`/api/geometries/?project=${project.id}`)).status).toBe(200);
    } finally {
      await db
        .update(offerInstances)
        .set({ offerEnd: instance!.offerEnd })
        .where(eq(offerInstances.id, project.offerInstance.id));
    }
  });

  it('refuses uploads to a trial project (spec 000 §6: no upload in trial)', async () => {
    const offers = (await trial.get<Offer[]>('/api/offers/')).body;
    const trialOffer = offers.find((o) => o.name === 'Free Trial')!;
    const created = await trial.post<{ projectId: number }>('/api/projects/', {
      offerInstance: trialOffer.id,
      isTrial: true,
    });
    expect((await upload(trial, 'x.geojson', geojson, created.body.projectId)).body).toEqual({
      nonFieldErrors: [geometryMessages.trialNoUpload],
    });
  });
});

describe('the map configuration', () => {
  it('is offline unless MAP_TILES or GEOCODER_URL are set, and needs a session', async () => {
    expect((await member.get('/api/map_config/')).body).toEqual({
      tileLayers: [],
      geocoderUrl: '',
    });
    expect((await server.anonymous.get('/api/map_config/')).status).toBe(401);
  });
});
