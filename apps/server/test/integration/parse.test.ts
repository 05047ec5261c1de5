import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import proj4 from 'proj4';
import { messages, projectMessages, type Offer, type ParsedPoints } from '@metocean/contracts';
import { archiveMessages } from '../../src/services/archive';
import { parseMessages } from '../../src/services/parse';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let standard: Actor;
let projectId: number;

const upload = (who: Actor, fileName: string, content: Uint8Array | string, project?: number) =>
  who.upload<ParsedPoints & Record<string, unknown>>('/api/points/parse/', {
    file: { content, fileName },
    ...(project === undefined ? {} : { project: String(project) }),
  });

// ---- a tiny ESRI shapefile writer (ESRI Shapefile Technical Description, 1998) ---------------------------

type Shape = { kind: 'point'; x: number; y: number } | { kind: 'polygon'; ring: [number, number][] };

function shpHeader(view: DataView, shapeType: number, words: number) {
  view.setInt32(0, 9994, false);
  view.setInt32(24, words, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
}

function content(shape: Shape): Uint8Array {
  if (shape.kind === 'point') {
    const bytes = new DataView(new ArrayBuffer(20));
    bytes.setInt32(0, 1, true);
    bytes.setFloat64(4, shape.x, true);
    bytes.setFloat64(12, shape.y, true);
    return new Uint8Array(bytes.buffer);
  }
  const n = shape.ring.length;
  const bytes = new DataView(new ArrayBuffer(44 + 4 + 16 * n));
  bytes.setInt32(0, 5, true);
  const xs = shape.ring.map((p) => p[0]);
  const ys = shape.ring.map((p) => p[1]);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
    bytes.setFloat64(4 + 8 * i, v, true),
  );
  bytes.setInt32(36, 1, true);
  bytes.setInt32(40, n, true);
  bytes.setInt32(44, 0, true);
  shape.ring.forEach(([x, y], i) => {
    bytes.setFloat64(48 + 16 * i, x, true);
    bytes.setFloat64(56 + 16 * i, y, true);
  });
  return new Uint8Array(bytes.buffer);
}

function dbf(names: string[]): Uint8Array {
  const width = 20;
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + width;
  const bytes = new Uint8Array(headerLength + recordLength * names.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes.set([124, 1, 1], 1);
  view.setUint32(4, names.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  bytes.set(new TextEncoder().encode('NAME'), 32);
  bytes[32 + 11] = 'C'.charCodeAt(0);
  bytes[32 + 16] = width;
  bytes[64] = 0x0d;
  names.forEach((name, i) => {
    const at = headerLength + i * recordLength;
    bytes[at] = 0x20;
    bytes.set(new TextEncoder().encode(name.padEnd(width).slice(0, width)), at + 1);
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

async function zippedShapefile(
  shapes: Shape[],
  names: string[],
  prj: string,
  omit: string[] = [],
): Promise<Uint8Array> {
  const contents = shapes.map(content);
  const shpWords = 50 + contents.reduce((s, c) => s + 4 + c.length / 2, 0);
  const shp = new Uint8Array(shpWords * 2);
  const shx = new Uint8Array((50 + 4 * shapes.length) * 2);
  const type = shapes[0]?.kind === 'polygon' ? 5 : 1;
  shpHeader(new DataView(shp.buffer), type, shpWords);
  shpHeader(new DataView(shx.buffer), type, shx.length / 2);
  let offset = 100;
  contents.forEach((c, i) => {
    const view = new DataView(shp.buffer);
    view.setInt32(offset, i + 1, false);
    view.setInt32(offset + 4, c.length / 2, false);
    shp.set(c, offset + 8);
    const index = new DataView(shx.buffer);
    index.setInt32(100 + 8 * i, offset / 2, false);
    index.setInt32(104 + 8 * i, c.length / 2, false);
    offset += 8 + c.length;
  });
  const zip = new JSZip();
  const parts: Record<string, Uint8Array | string> = { shp, shx, dbf: dbf(names), prj };
  for (const [ext, data] of Object.entries(parts)) if (!omit.includes(ext)) zip.file(`points.${ext}`, data);
  return zip.generateAsync({ type: 'uint8array' });
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';
const UTM31N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_31N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000],PARAMETER["False_Northing",0],PARAMETER["Central_Meridian",3],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0],UNIT["Meter",1]]';

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  standard = await server.as('standard');
  const offers = (await manager.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.name === 'On Demand')!;
  projectId = (
    await manager.post<{ projectId: number }>('/api/projects/', {
      name: 'Parse_project',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
      points: [{ name: 'Taken', lat: 53.324, lng: 1.32 }],
    })
  ).body.projectId;
});
afterAll(() => server.stop());

describe('tables', () => {
  it('reads a CSV with name, lat, lon and reports a bad row by its line', async () => {
    const csv = 'name,lat,lon\nK13,53.2,3.2\nBroken,abc,3\n,53.8,2.5\n';
    const answer = await upload(manager, 'points.csv', csv);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      points: [
        { name: 'K13', lat: 53.2, lng: 3.2 },
        { name: 'Point 2', lat: 53.8, lng: 2.5 },
      ],
      errors: [{ row: 3, message: parseMessages.notNumber('lat', 'abc') }],
    });
  });

  it('reads semicolon CSV with decimal commas and longitude/latitude headers', async () => {
    const csv = 'Name;Latitude;Longitude\r\nEuro;53,5;3,25\r\n';
    expect((await upload(manager, 'points.csv', csv)).body.points).toEqual([
      { name: 'Euro', lat: 53.5, lng: 3.25 },
    ]);
  });

  it('reads quoted cells that hold separators, quotes and line breaks, numbering rows by their line', async () => {
    // RFC 4180 §2.5-2.7: a quoted cell may hold the separator, a line break and a doubled quote. The note of
    // K13 spans lines 2-3 (Excel's Alt+Enter writes a bare LF inside a cell, even in a CRLF file), so the
    // broken row is on line 4; a CRLF inside a quoted cell is one line break, not two.
    const expected = {
      points: [
        { name: 'K13, "north"', lat: 53.2, lng: 3.2 },
        { name: 'Point 2', lat: 53.8, lng: 2.5 },
      ],
      errors: [{ row: 4, message: parseMessages.notNumber('lat', 'abc') }],
    };
    for (const [eol, inCell] of [
      ['\n', '\n'],
      ['\r\n', '\n'],
      ['\r\n', '\r\n'],
    ]) {
      const csv = [
        'name,lat,lon,note',
        `"K13, ""north""",53.2,3.2,"first line${inCell}second line"`,
        'Broken,abc,3,',
        ',53.8,2.5,',
        '',
      ].join(eol);
      const answer = await upload(manager, 'points.csv', csv);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(expected);
    }
  });

  it('reads quoted header cells in a semicolon CSV, a semicolon inside a quoted name, and a BOM', async () => {
    const csv = '\uFEFF"Name";"Latitude";"Longitude"\n"Dogger; east";54,5;2,1\n';
    expect((await upload(manager, 'points.csv', csv)).body).toEqual({
      points: [{ name: 'Dogger; east', lat: 54.5, lng: 2.1 }],
      errors: [],
    });
  });

  it('refuses a CSV whose quoted cell is never closed, naming the line its row starts on', async () => {
    const csv = 'name,lat,lon\nA,53.1,3.1\n"Open,53.2,3.2\nB,53.3,3.3\n';
    const answer = await upload(manager, 'points.csv', csv);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      nonFieldErrors: [parseMessages.unreadableCsv(3, 'a quoted cell is never closed')],
    });
  });

  it('checks the zone and the names of a project when one is given', async () => {
    const csv = 'name,lat,lng\ntaken,53.5,3\nInside,53.6,3.1\nFar,10,3\n';
    const answer = await upload(manager, 'points.csv', csv, projectId);
    expect(answer.body.points).toEqual([{ name: 'Inside', lat: 53.6, lng: 3.1 }]);
    expect(answer.body.errors[0]).toEqual({ row: 2, message: messages.pointNameExists });
    expect(answer.body.errors[1]).toMatchObject({ row: 4 });
    expect(answer.body.errors[1]?.message).toMatch(/^Latitude is outside the zone/);
  });

  it('reads an XLSX sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('points');
    sheet.addRows([
      ['name', 'lat', 'lon'],
      ['X1', 53.1, 2.9],
      ['X2', 53.9, 3.3],
    ]);
    const buffer = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect((await upload(manager, 'points.xlsx', buffer)).body.points).toEqual([
      { name: 'X1', lat: 53.1, lng: 2.9 },
      { name: 'X2', lat: 53.9, lng: 3.3 },
    ]);
  });

  it('refuses a table without coordinate columns, an empty file and an unknown type', async () => {
    expect((await upload(manager, 'points.csv', 'a,b\n1,2\n')).body).toEqual({
      nonFieldErrors: [parseMessages.missingColumns],
    });
    expect((await upload(manager, 'points.csv', '')).body).toEqual({
      nonFieldErrors: [projectMessages.pointsNotLoaded],
    });
    expect((await upload(manager, 'points.csv', 'name,lat,lon\n')).body).toEqual({
      nonFieldErrors: [projectMessages.pointsNotLoaded],
    });
    expect((await upload(manager, 'points.exe', 'MZ')).body).toEqual({
      nonFieldErrors: [parseMessages.unknownFormat],
    });
  });
});

describe('geometries', () => {
  it('reads GeoJSON point features with their names; other geometries are row errors', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'G1' }, geometry: { type: 'Point', coordinates: [3, 53.4] } },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [3, 53],
              [4, 54],
            ],
          },
        },
      ],
    });
    expect((await upload(manager, 'points.geojson', geojson)).body).toEqual({
      points: [{ name: 'G1', lat: 53.4, lng: 3 }],
      errors: [{ row: 2, message: parseMessages.notPoints('LineString') }],
    });
  });

  it('reads KML and KMZ placemarks', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <Placemark><name>Buoy A</name><Point><coordinates>2.75,53.25,0</coordinates></Point></Placemark>
      <Placemark><name>Buoy B</name><Point><coordinates>3.5,54.1</coordinates></Point></Placemark>
    </Document></kml>`;
    const expected = [
      { name: 'Buoy A', lat: 53.25, lng: 2.75 },
      { name: 'Buoy B', lat: 54.1, lng: 3.5 },
    ];
    expect((await upload(manager, 'buoys.kml', kml)).body.points).toEqual(expected);
    const zip = new JSZip();
    zip.file('doc.kml', kml);
    const kmz = await zip.generateAsync({ type: 'uint8array' });
    expect((await upload(manager, 'buoys.kmz', kmz)).body.points).toEqual(expected);
    expect((await upload(manager, 'broken.kml', '<kml><Document>')).status).toBe(400);
  });

  it('reads a zipped WGS 84 point shapefile with names from its NAME attribute', async () => {
    const zip = await zippedShapefile(
      [
        { kind: 'point', x: 2.1, y: 53.3 },
        { kind: 'point', x: 3.4, y: 53.9 },
      ],
      ['Shp one', 'Shp two'],
      WGS84_PRJ,
    );
    const answer = await upload(manager, 'points.zip', zip, projectId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      points: [
        { name: 'Shp one', lat: 53.3, lng: 2.1 },
        { name: 'Shp two', lat: 53.9, lng: 3.4 },
      ],
      errors: [],
    });
  });

  it('reprojects a shapefile whose .prj is not WGS 84 (UTM 31N)', async () => {
    const [x, y] = proj4('WGS84', UTM31N_PRJ, [2.5, 53.5]);
    const zip = await zippedShapefile([{ kind: 'point', x: x, y: y }], ['Utm'], UTM31N_PRJ);
    const [point] = (await upload(manager, 'utm.zip', zip)).body.points;
    expect(point?.name).toBe('Utm');
    expect(point?.lat).toBeCloseTo(53.5, 6);
    expect(point?.lng).toBeCloseTo(2.5, 6);
  });

  it('refuses polygons, missing parts, unreadable projections and broken archives', async () => {
    const polygon = await zippedShapefile(
      [
        {
          kind: 'polygon',
          ring: [
            [2, 53],
            [3, 53],
            [3, 54],
            [2, 53],
          ],
        },
      ],
      ['Area'],
      WGS84_PRJ,
    );
    expect((await upload(manager, 'area.zip', polygon)).body).toEqual({
      nonFieldErrors: [parseMessages.notPoints('Polygon')],
    });
    const noPrj = await zippedShapefile([{ kind: 'point', x: 2, y: 53 }], ['P'], WGS84_PRJ, ['prj', 'shx']);
    expect((await upload(manager, 'noprj.zip', noPrj)).body).toEqual({
      nonFieldErrors: [parseMessages.missingParts(['shx', 'prj'])],
    });
    const oddPrj = await zippedShapefile([{ kind: 'point', x: 2, y: 53 }], ['P'], 'PROJCS["nonsense"]');
    expect((await upload(manager, 'odd.zip', oddPrj)).body).toEqual({
      nonFieldErrors: [parseMessages.unknownProjection],
    });
    const broken = new TextEncoder().encode('PK\u0003\u0004 this is not a zip');
    expect((await upload(manager, 'broken.zip', broken)).body).toEqual({
      nonFieldErrors: [archiveMessages.broken('archive')],
    });
  });
});

describe('limits and permissions', () => {
  it('refuses files over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(65);
    const answer = await upload(manager, 'big.csv', big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: projectMessages.fileTooLarge(5) });
  });

  it("hides another customer's project and needs a login", async () => {
    expect((await upload(standard, 'points.csv', 'name,lat,lon\nA,53,3\n', projectId)).status).toBe(404);
    expect((await server.anonymous.upload('/api/points/parse/', {})).status).toBe(401);
  });

  it('asks for the file field', async () => {
    const answer = await manager.upload('/api/points/parse/', { project: String(projectId) });
    expect(answer.body).toEqual({ fieldErrors: { file: [messages.required] } });
  });
});
