import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buoyMessages, MISSING_VALUE, type Buoy, type VisuPayload, type Zone } from '@metocean/contracts';
import { greatCircleKm } from '@metocean/hindcast';
import { altimetryNear } from '../../src/data/altimetry';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let admin: Actor;
let manager: Actor;
let trial: Actor;
const zoneIds: Record<string, number> = {};
const DATA = fileURLToPath(new URL('../../../../../shared/data/ndbc-ecbenchmark/', import.meta.url));

/** Brute force from the shared files: every data row `YYYY-MM-DD-HH; hs; tz` of A.txt then Ar.txt. */
function ndbcRows(): { time: number; hs: number; tz: number }[] {
  return ['A.txt', 'Ar.txt'].flatMap((file) =>
    readFileSync(DATA + file, 'utf8')
      .split(/\r?\n/)
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [time, hs, tz] = line.split(';').map((cell) => cell.trim());
        const [y, m, d, h] = time!.split('-').map(Number);
        return { time: Date.UTC(y!, m! - 1, d, h), hs: Number(hs), tz: Number(tz) };
      }),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.as('admin');
  manager = await server.as('manager');
  trial = await server.as('trial');
  for (const zone of (await admin.get<Zone[]>('/api/zones/')).body) zoneIds[zone.name] = zone.id;
});
afterAll(() => server.stop());

describe('GET /api/buoys/', () => {
  it('needs a signed-in caller', async () => {
    expect((await server.anonymous.get('/api/buoys/')).status).toBe(401);
  });

  it('lists the NDBC buoys with the spec fields, filtered by zone geometry', async () => {
    const all = await admin.get<Buoy[]>('/api/buoys/');
    expect(all.body.map((b) => b.code)).toEqual(['41009', '42001', '44007']);
    const maine = await manager.get<Buoy[]>(`/api/buoys/?zone=${zoneIds['Gulf of Maine']}`);
    expect(maine.body).toHaveLength(1);
    const buoy = maine.body[0]!;
    expect(buoy).toMatchObject({
      code: '44007',
      name: 'NDBC 44007 Portland, Maine',
      provider: 'NDBC',
      centre: 'NOAA National Data Buoy Center',
      type: 'buoy',
      latitude: 43.5,
      longitude: -70.1,
      sensors: ['hs', 'tz'],
      geometry: { type: 'Point', coordinates: [-70.1, 43.5] },
      // A.txt starts 1996-01-01 00, Ar.txt ends 2017-10-02 05 (shared/data/README.md)
      dateBegin: '1996-01-01T00:00:00.000Z',
      dateEnd: '2017-10-02T05:00:00.000Z',
      from: '1996-01-01T00:00:00.000Z',
      to: '2017-10-02T05:00:00.000Z',
    });
    expect(JSON.parse(buoy.geom)).toEqual(buoy.geometry);
    expect(buoy.runs.map((r) => [r.id, r.units])).toEqual([
      ['hs', 'm'],
      ['tz', 's'],
    ]);
    expect(buoy.licence).toContain('public-domain');
    const mexico = await manager.get<Buoy[]>(`/api/buoys/?zone=${zoneIds['Gulf of Mexico']}`);
    expect(mexico.body.map((b) => b.code)).toEqual(['42001']);
    const biscay = await manager.get<Buoy[]>(`/api/buoys/?zone=${zoneIds['Bay of Biscay']}`);
    expect(biscay.body).toEqual([]);
  });

  it('shows only the buoys of the caller’s zones: 404 for another zone and its buoys', async () => {
    expect((await trial.get<Buoy[]>('/api/buoys/')).body).toEqual([]);
    expect((await trial.get(`/api/buoys/?zone=${zoneIds['Gulf of Maine']}`)).status).toBe(404);
    const [buoy] = (await admin.get<Buoy[]>('/api/buoys/')).body;
    expect((await trial.get(`/api/buoys/${buoy!.id}/get_visu_data/`)).status).toBe(404);
    expect((await admin.get('/api/buoys/999999/get_visu_data/')).status).toBe(404);
  });
});

describe('GET /api/buoys/{id}/get_visu_data/', () => {
  let id: number;
  beforeAll(async () => {
    id = (await admin.get<Buoy[]>('/api/buoys/')).body.find((b) => b.code === '44007')!.id;
  });

  it('answers the observations as named arrays with kwargs, -999 for the missing hours', async () => {
    const answer = await manager.get<VisuPayload>(`/api/buoys/${id}/get_visu_data/?runs=hs,tz`);
    expect(answer.status).toBe(200);
    const payload = answer.body;
    expect(payload.kwargs).toMatchObject({ code: 'TS', statId: 'BUOY_44007', xName: 'time', yName: 'hs' });
    expect(payload.time!.attributes.units).toBe('milliseconds since 1970-01-01 00:00:00');
    expect(payload.hs!.attributes).toMatchObject({ units: 'm' });
    const time = payload.time!.values as number[];
    const hs = payload.hs!.values as number[];
    const tz = payload.tz!.values as number[];
    expect(hs).toHaveLength(time.length);
    // every hour from the first to the last row; the rows of the files at their hours, -999 elsewhere
    const rows = ndbcRows();
    expect(time[0]).toBe(rows[0]!.time);
    expect(time.at(-1)).toBe(rows.at(-1)!.time);
    expect(time.length).toBe((rows.at(-1)!.time - rows[0]!.time) / 3_600_000 + 1);
    expect(hs.filter((v) => v !== MISSING_VALUE)).toHaveLength(rows.length);
    for (const k of [0, 1000, 54_321, rows.length - 1]) {
      const row = rows[k]!;
      const i = (row.time - rows[0]!.time) / 3_600_000;
      expect(hs[i]).toBeCloseTo(row.hs, 4);
      expect(tz[i]).toBeCloseTo(row.tz, 4);
    }
  });

  it('answers only the asked runs and period', async () => {
    const answer = await manager.get<VisuPayload>(
      `/api/buoys/${id}/get_visu_data/?runs=tz&from=2000-01-01&to=2000-01-31`,
    );
    expect(Object.keys(answer.body).sort((a, b) => a.localeCompare(b))).toEqual(['kwargs', 'time', 'tz']);
    const time = answer.body.time!.values as number[];
    expect(time[0]).toBe(Date.UTC(2000, 0, 1));
    expect(time.at(-1)).toBe(Date.UTC(2000, 0, 31, 23));
    expect(time).toHaveLength(744);
  });

  it('refuses unknown runs and an empty period', async () => {
    const unknown = await manager.get(`/api/buoys/${id}/get_visu_data/?runs=hs,swell`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      fieldErrors: { runs: [buoyMessages.unknownRuns(['swell'], ['hs', 'tz'])] },
    });
    const backwards = await manager.get(`/api/buoys/${id}/get_visu_data/?from=2001-01-01&to=2000-01-01`);
    expect(backwards.status).toBe(400);
  });
});

describe('altimetry for the satellite comparison', () => {
  it('draws synthetic tracks from the hindcast serving the point, within the radius', async () => {
    const biscay = zoneIds['Bay of Biscay']!;
    const { track, synthetic, model } = await altimetryNear(
      server.runtime.services.db,
      server.dataDir,
      biscay,
      45.5,
      -5.5,
      50,
    );
    expect(synthetic).toBe(true);
    expect(model.dataset.synthetic).toBe(true);
    expect(track.time.length).toBeGreaterThan(1000);
    for (let i = 0; i < track.time.length; i += 97)
      expect(greatCircleKm(model.node.lat, model.node.lon, track.lat[i]!, track.lon[i]!)).toBeLessThanOrEqual(
        50.5,
      );
  });

  it('reads the real L3 files placed for the zone instead, keeping the samples near the point', async () => {
    const biscay = zoneIds['Bay of Biscay']!;
    const folder = path.join(server.dataDir, 'altimetry', String(biscay));
    mkdirSync(folder, { recursive: true });
    // six 1-Hz samples going north along 5.5 W from 45.2 N, every 0.1°: the first four within 25 km of 45.45 N
    const cdl = `netcdf l3 {
dimensions: time = 6 ;
variables:
  double time(time) ; time:units = "seconds since 2000-01-01 00:00:00" ; time:standard_name = "time" ;
  float latitude(time) ; latitude:units = "degrees_north" ;
  float longitude(time) ; longitude:units = "degrees_east" ;
  short VAVH(time) ; VAVH:units = "m" ; VAVH:scale_factor = 0.001 ;
// global attributes:
  :platform = "Jason-3" ;
data:
  time = 631152000, 631152001, 631152002, 631152003, 631152004, 631152005 ;
  latitude = 45.2, 45.3, 45.4, 45.5, 45.6, 45.7 ;
  longitude = 354.5, 354.5, 354.5, 354.5, 354.5, 354.5 ;
  VAVH = 1000, 1100, 1200, 1300, 1400, 1500 ;
}
`;
    writeFileSync(path.join(folder, 'l3.cdl'), cdl);
    execFileSync('ncgen', ['-k', 'nc4', '-o', path.join(folder, 'jason3.nc'), path.join(folder, 'l3.cdl')]);
    const { track, synthetic } = await altimetryNear(
      server.runtime.services.db,
      server.dataDir,
      biscay,
      45.45,
      -5.5,
      25,
    );
    expect(synthetic).toBe(false);
    expect(track.missions).toEqual(['Jason-3']);
    // 45.2 N is 27.8 km away, 45.7 N too: the four samples between are kept
    expect(Array.from(track.hs, (v) => Math.round(v * 1000) / 1000)).toEqual([1.1, 1.2, 1.3, 1.4]);
  });
});
