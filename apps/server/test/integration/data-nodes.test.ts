// Issue 30, "Say what is true": points that read the same data node, and the variables points will lack.
// The expected nodes are worked out by hand from the grids: the ERA5 South China Sea record is one node at
// its file header's position (LONGITUDE:109.939, LATITUDE:15.509) reaching a 0.5° cell's diagonal
// (0.5 × 111.195 × √2 = 78.6 km, hindcast zarr.ts reachKm); beyond it the zone's synthetic demo hindcast
// serves, a regular 0.25° grid (synthetic.ts), whose nearest node is the position rounded to 0.25°.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, type Offer, type Project, type ScanAnswer, type ZonePointData } from '@metocean/contracts';
import { planningTemplate } from '@metocean/hindcast';
import { startServerWithProject } from '../project-fixture';
import type { Actor, TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let standard: Actor;
let projectId: number;
let scsZone: number;

const points = [
  { name: 'SITE', lat: 15.51, lng: 109.94 }, // 0.15 km from the ERA5 node
  { name: 'QUAY', lat: 15.6, lng: 109.9 }, // 10.9 km from it: the same node
  { name: 'FIELD_A', lat: 12.04, lng: 112.02 }, // beyond ERA5's reach: synthetic node 12.00 N 112.00 E
  { name: 'FIELD_B', lat: 11.9, lng: 111.93 }, // 15 km from FIELD_A: the same synthetic node
  { name: 'FIELD_C', lat: 12.2, lng: 112.3 }, // synthetic node 12.25 N 112.25 E: alone
];

/** Great-circle distance (haversine, mean Earth radius 6371.0088 km), the literal definition. */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

beforeAll(async () => {
  ({ server, manager, standard, projectId } = await startServerWithProject({
    offer: 'On Demand',
    zone: 'South China Sea',
    name: 'Shared_nodes',
    points,
  }));
  const offer = (await manager.get<Offer[]>(paths.offers)).body.find((o) => o.name === 'On Demand');
  scsZone = offer!.zones.find((z) => z.name === 'South China Sea')!.id;
}, 120_000);
afterAll(() => server.stop());

describe('the project detail names the data node of each point and the points sharing it', () => {
  it('gives two points 10 km apart on one ERA5 node the same node and names each other', async () => {
    const answer = await manager.get<Project>(paths.project(projectId));
    expect(answer.status).toBe(200);
    const byName = new Map(answer.body.points.map((p) => [p.name, p]));
    const id = (name: string) => byName.get(name)!.id;
    const site = byName.get('SITE')!.dataNode!;
    expect(site).toMatchObject({
      dataset: 'ERA5 South China Sea (point 15.51 N 109.94 E)',
      synthetic: false,
      lat: 15.509,
      lon: 109.939,
      sharedWith: [id('QUAY')],
    });
    // the distance is the great-circle one, to 0.05 km (the product and this haversine may differ in R)
    expect(site.distanceKm).toBeCloseTo(haversineKm(15.51, 109.94, 15.509, 109.939), 1);
    expect(byName.get('QUAY')!.dataNode).toMatchObject({
      lat: 15.509,
      lon: 109.939,
      sharedWith: [id('SITE')],
    });
    expect(byName.get('QUAY')!.dataNode!.distanceKm).toBeCloseTo(
      haversineKm(15.6, 109.9, 15.509, 109.939),
      1,
    );
  });

  it('the AWD upload step names them from the same rule (the scan answer, not the browser)', async () => {
    const answer = await manager.upload<ScanAnswer>(`/api/projects/${projectId}/scan_planning_file/`, {
      file: { content: await planningTemplate(), fileName: 'plan.xlsx' },
    });
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.body.points.map((p) => [p.name, p.sharedWith]))).toEqual({
      SITE: ['QUAY'],
      QUAY: ['SITE'],
      FIELD_A: ['FIELD_B'],
      FIELD_B: ['FIELD_A'],
      FIELD_C: [],
    });
  });

  it('groups synthetic points by their 0.25° node and leaves a point alone on its own node', async () => {
    const answer = await manager.get<Project>(paths.project(projectId));
    const byName = new Map(answer.body.points.map((p) => [p.name, p]));
    const id = (name: string) => byName.get(name)!.id;
    expect(byName.get('FIELD_A')!.dataNode).toMatchObject({
      dataset: 'Synthetic demo hindcast (South China Sea)',
      synthetic: true,
      lat: 12,
      lon: 112,
      sharedWith: [id('FIELD_B')],
    });
    expect(byName.get('FIELD_B')!.dataNode).toMatchObject({ lat: 12, lon: 112, sharedWith: [id('FIELD_A')] });
    expect(byName.get('FIELD_C')!.dataNode).toMatchObject({ lat: 12.25, lon: 112.25, sharedWith: [] });
  });

  it('keeps the project list light: its points carry no data node', async () => {
    const list = await manager.get<{ id: number; points: Record<string, unknown>[] }[]>(paths.projects);
    const mine = list.body.find((p) => p.id === projectId)!;
    expect(mine.points).toHaveLength(points.length);
    for (const p of mine.points) expect(p).not.toHaveProperty('dataNode');
  });
});

describe('POST /api/zones/{id}/point_data/: what new points will read, before the project exists', () => {
  it('says a point on the ERA5 record lacks the wind, currents and levels the synthetic set has', async () => {
    const answer = await manager.post<ZonePointData>(paths.zonePointData(scsZone), {
      points: points.map(({ lat, lng }) => ({ lat, lng })),
    });
    expect(answer.status).toBe(200);
    const [site, quay, fieldA, fieldB, fieldC] = answer.body.points;
    // the ERA5 file holds swh, pp1d, mwd: Hs, Tp and mean direction
    expect(site).toMatchObject({ synthetic: false, sameNodeAs: [1] });
    expect([...site!.variables].sort()).toEqual(['dir', 'hs', 'tp']);
    for (const lacked of ['wind_speed', 'wind_dir', 'current_speed', 'water_level'])
      expect(site!.lacks).toContain(lacked);
    expect(site!.lacks).not.toContain('hs');
    expect(quay).toMatchObject({ node: { lat: 15.509, lon: 109.939 }, sameNodeAs: [0] });
    // the synthetic set holds every variable the zone offers: nothing lacked
    expect(fieldA).toMatchObject({
      synthetic: true,
      lacks: [],
      sameNodeAs: [3],
      node: { lat: 12, lon: 112 },
    });
    expect(fieldA!.variables).toContain('wind_speed');
    expect(fieldB).toMatchObject({ sameNodeAs: [2] });
    expect(fieldC).toMatchObject({ sameNodeAs: [], node: { lat: 12.25, lon: 112.25 } });
  });

  it("refuses a zone outside the caller's offers, an empty list and a bad position", async () => {
    // 'standard' is another customer's manager whose offers do not hold the South China Sea
    const other = await standard.post(paths.zonePointData(scsZone), { points: [{ lat: 12, lng: 112 }] });
    expect(other.status).toBe(404);
    const empty = await manager.post(paths.zonePointData(scsZone), { points: [] });
    expect(empty.status).toBe(400);
    const bad = await manager.post(paths.zonePointData(scsZone), { points: [{ lat: 95, lng: 112 }] });
    expect(bad.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('documents the new route and the additive dataNode field of a point', async () => {
    const answer = await server.request<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    expect(answer.body.paths['/api/zones/{id}/point_data/']?.post).toBeDefined();
    const detail = JSON.stringify(answer.body.paths['/api/projects/{id}/']?.get?.responses?.['200']);
    expect(detail).toContain('dataNode');
    expect(detail).toContain("Ids of the project's other points reading the same node of the same dataset");
  });
});
