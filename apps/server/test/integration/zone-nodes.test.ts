// GET /api/zones/{id}/nodes/?bbox= (ours): the map's Grids overlay (spec 002 'Map screens'). The expected
// nodes are worked out by hand from the grids: the synthetic demo hindcast is a regular 0.25° grid from
// −80° N and −180° E (packages/hindcast synthetic.ts), the NORA3 record one node (its file header's
// position).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bboxMessages, paths, ZONE_NODES_MAX, type Zone, type ZoneNodes } from '@metocean/contracts';
import { startTestServer, type TestServer } from '../harness';

let server: TestServer;
const tokens: Record<string, string> = {};
const zoneIds: Record<string, number> = {};

const nodesOf = (who: string, zone: number, bbox?: string) =>
  server.request<ZoneNodes & { fieldErrors?: Record<string, string[]> }>(
    'GET',
    bbox === undefined ? paths.zoneNodes(zone) : `${paths.zoneNodes(zone)}?bbox=${encodeURIComponent(bbox)}`,
    tokens[who] ? { token: tokens[who] } : {},
  );

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['admin', 'manager', 'trial']) tokens[who] = (await server.login(who)).accessToken;
  const all = await server.request<Zone[]>('GET', paths.zones, { token: tokens.admin });
  for (const zone of all.body) zoneIds[zone.name] = zone.id;
});
afterAll(() => server.stop());

describe('GET /api/zones/{id}/nodes/', () => {
  it("gives every node of the zone's datasets inside the view, the real record first", async () => {
    const answer = await nodesOf('manager', zoneIds['Southern North Sea']!, '1,53,2,53.6');
    expect(answer.status).toBe(200);
    expect(answer.body.zone).toBe(zoneIds['Southern North Sea']);
    expect(answer.body.maxNodes).toBe(ZONE_NODES_MAX);
    const [nora3, synthetic] = answer.body.datasets;
    expect(nora3).toMatchObject({
      name: 'NORA3 southern North Sea (point 53.32 N 1.32 E)',
      synthetic: false,
      total: 1,
      thinned: false,
      spacing: 1,
    });
    // The wave record's position in the file header: LONGITUDE:1.3358, LATITUDE:53.3249.
    expect(nora3?.nodes).toEqual([[53.3249, 1.3358]]);
    // 0.25° nodes: latitudes 53, 53.25, 53.5 × longitudes 1, 1.25, 1.5, 1.75, 2.
    expect(synthetic).toMatchObject({ synthetic: true, total: 15, thinned: false, spacing: 1 });
    const expected = [53, 53.25, 53.5].flatMap((lat) => [1, 1.25, 1.5, 1.75, 2].map((lon) => [lat, lon]));
    expect(synthetic?.nodes).toEqual(expected);
  });

  it("clips the view to the zone's bounds and is empty away from it", async () => {
    // The Southern North Sea spans 1.5° W to 8.5° E, 51 to 55.5° N.
    const clipped = await nodesOf('manager', zoneIds['Southern North Sea']!, '-5,55,-1,60');
    const synthetic = clipped.body.datasets.find((d) => d.synthetic);
    // 55, 55.25, 55.5 × −1.5, −1.25, −1.
    expect(synthetic?.total).toBe(9);
    expect(Math.max(...(synthetic?.nodes ?? []).map(([lat]) => lat))).toBe(55.5);
    expect(Math.min(...(synthetic?.nodes ?? []).map(([, lon]) => lon))).toBe(-1.5);
    const away = await nodesOf('manager', zoneIds['Southern North Sea']!, '20,10,30,20');
    expect(away.status).toBe(200);
    for (const dataset of away.body.datasets) expect(dataset).toMatchObject({ nodes: [], total: 0 });
  });

  it('thins a world view regularly under the cap and says so', async () => {
    const answer = await nodesOf('manager', zoneIds.World!, '-180,-90,180,90');
    const [synthetic] = answer.body.datasets;
    // −80 to 85° N (661 rows) × 1,440 columns; every 14th row and column: 48 × 103 nodes.
    expect(synthetic).toMatchObject({ synthetic: true, total: 661 * 1440, thinned: true, spacing: 14 });
    expect(synthetic?.nodes).toHaveLength(48 * 103);
    expect(synthetic!.nodes.length).toBeLessThanOrEqual(ZONE_NODES_MAX);
  });

  it("refuses a zone outside the caller's offers and a caller without a session", async () => {
    const scs = zoneIds['South China Sea']!;
    expect((await nodesOf('manager', scs, '109,15,111,16')).status).toBe(200);
    expect((await nodesOf('trial', scs, '109,15,111,16')).status).toBe(404);
    expect((await nodesOf('trial', 999_999, '109,15,111,16')).status).toBe(404);
    expect((await nodesOf('nobody', scs, '109,15,111,16')).status).toBe(401);
  });

  it('explains a missing or malformed bbox', async () => {
    const zone = zoneIds['Southern North Sea']!;
    const cases: [string | undefined, string][] = [
      ['1,53,2', bboxMessages.format],
      ['1,53,2,x', bboxMessages.format],
      ['1,53,,54', bboxMessages.format],
      ['-181,53,2,54', bboxMessages.longitude],
      ['1,-95,2,54', bboxMessages.latitude],
      ['2,53,1,54', bboxMessages.order],
      ['1,54,2,54', bboxMessages.order],
    ];
    for (const [bbox, message] of cases) {
      const answer = await nodesOf('manager', zone, bbox);
      expect(answer.status, bbox).toBe(400);
      expect(answer.body.fieldErrors, bbox).toEqual({ bbox: [message] });
    }
    const missing = await nodesOf('manager', zone);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ bbox: [bboxMessages.format] });
  });
});
