import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { and, eq } from 'drizzle-orm';
import {
  mapMessages,
  STAT2D_GROUPS,
  STAT2D_PRICE_CREDITS,
  stat2dProperties,
  type Stat2dMap,
  type Zone,
} from '@metocean/contracts';
import { colorAt, tileRange, TILE_SIZE } from '@metocean/hindcast';
import { customers, offerInstances, offerInstanceZones, stat2dPurchases } from '../../src/db/schema';
import { signedLayerUrl } from '../../src/services/stat2ds';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let admin: Actor;
let manager: Actor;
let member: Actor;
let trial: Actor;
let demo: Actor;
let standard: Actor;
let expired: Actor;
const zoneIds: Record<string, number> = {};

const credits = async (who: Actor) =>
  (await who.get<{ accounts: { credits: number }[] }>('/api/users/current/')).body.accounts[0]?.credits;
const mapOf = (who: Actor, zone: string) => who.get<Stat2dMap>(`/api/stat2Ds/?zone=${zoneIds[zone]}`);

async function customerOf(name: string): Promise<number> {
  const [row] = await server.runtime.services.db.select().from(customers).where(eq(customers.name, name));
  return row!.id;
}

beforeAll(async () => {
  // A handful of map nodes per zone, so a render takes seconds (the default is 100 nodes).
  process.env.STAT2D_MAX_NODES = '8';
  server = await startTestServer();
  admin = await server.as('admin');
  manager = await server.as('manager');
  member = await server.as('member');
  trial = await server.as('trial');
  demo = await server.as('demo');
  standard = await server.as('standard');
  expired = await server.as('expired');
  for (const zone of (await admin.get<Zone[]>('/api/zones/')).body) zoneIds[zone.name] = zone.id;
});
afterAll(async () => {
  delete process.env.STAT2D_MAX_NODES;
  await server.stop();
});

describe('GET /api/stat2Ds/', () => {
  it('needs a signed-in caller and a zone', async () => {
    expect((await server.anonymous.get(`/api/stat2Ds/?zone=${zoneIds['Southern North Sea']}`)).status).toBe(
      401,
    );
    const missing = await standard.get('/api/stat2Ds/');
    expect(missing.status).toBe(400);
  });

  it('answers 404 for a zone outside the caller’s offers', async () => {
    expect((await mapOf(trial, 'Southern North Sea')).status).toBe(404);
    expect((await standard.get('/api/stat2Ds/?zone=999999')).status).toBe(404);
  });

  it('says a zone without 2D statistics has no maps', async () => {
    const world = await mapOf(standard, 'World');
    expect(world.body).toMatchObject({
      status: 'unavailable',
      has2DStatistics: false,
      message: mapMessages.no2dStatistics,
      groups: [],
    });
  });

  it('says the maps are not bought, with their price, to a plan without maps', async () => {
    const map = await mapOf(standard, 'Southern North Sea');
    expect(map.status).toBe(200);
    expect(map.body).toMatchObject({
      status: 'notBought',
      price: STAT2D_PRICE_CREDITS,
      canBuy: true,
      message: mapMessages.notBought(STAT2D_PRICE_CREDITS),
      groups: [],
    });
    // an expired offer shows the same, but buying is not offered
    expect((await mapOf(expired, 'Southern North Sea')).body).toMatchObject({
      status: 'notBought',
      canBuy: false,
    });
  });

  it('shows the maps without purchase on an unlimited plan and in the demo zone', async () => {
    for (const [who, zone] of [
      [manager, 'North and Celtic Seas'],
      [member, 'North and Celtic Seas'],
      [trial, 'Bay of Biscay'],
    ] as const) {
      const map = (await mapOf(who, zone)).body;
      expect(['rendering', 'available']).toContain(map.status);
      expect(map.price).toBe(0);
    }
  });
});

describe('POST /api/stat2Ds/', () => {
  it('is for managers only', async () => {
    const answer = await member.post('/api/stat2Ds/', { zone: zoneIds['North and Celtic Seas'] });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ detail: mapMessages.onlyManagers });
  });

  it('refuses a zone without 2D statistics, an expired offer, and a zone of another customer (404)', async () => {
    const world = await standard.post('/api/stat2Ds/', { zone: zoneIds.World });
    expect(world.status).toBe(400);
    expect(world.body).toMatchObject({ nonFieldErrors: [mapMessages.no2dStatistics] });
    const lapsed = await expired.post('/api/stat2Ds/', { zone: zoneIds['Southern North Sea'] });
    expect(lapsed.status).toBe(400);
    expect(JSON.stringify(lapsed.body)).toContain('On Demand');
    expect(await credits(expired)).toBe(40);
    const foreign = await trial.post('/api/stat2Ds/', { zone: zoneIds['Southern North Sea'] });
    expect(foreign.status).toBe(404);
  });

  it('costs nothing on an unlimited plan (nothing charged, nothing recorded)', async () => {
    const before = await credits(manager);
    const answer = await manager.post<Stat2dMap>('/api/stat2Ds/', {
      zone: zoneIds['Gulf of Mexico'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.price).toBe(0);
    expect(await credits(manager)).toBe(before);
  });

  it('of two parallel purchases the credits can pay one: exactly one is charged, the other is refused', async () => {
    // Standard Harbour: credits for one purchase, two zones with maps to buy.
    const db = server.runtime.services.db;
    const customerId = await customerOf('Standard Harbour');
    await db.update(customers).set({ credits: STAT2D_PRICE_CREDITS }).where(eq(customers.id, customerId));
    const [instance] = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.customerId, customerId));
    await db
      .insert(offerInstanceZones)
      .values({ offerInstanceId: instance!.id, zoneId: zoneIds['Gulf of Mexico']! });
    const answers = await Promise.all(
      ['Southern North Sea', 'Gulf of Mexico'].map((zone) =>
        standard.post<Stat2dMap & { nonFieldErrors?: string[]; code?: string }>('/api/stat2Ds/', {
          zone: zoneIds[zone],
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400)!;
    expect(refused.body).toMatchObject({
      detail: mapMessages.notEnoughCreditsTitle,
      nonFieldErrors: [mapMessages.notEnoughCredits(STAT2D_PRICE_CREDITS, 0)],
      code: 'insufficient_credits',
    });
    expect(await credits(standard)).toBe(0);
    const purchases = await db
      .select()
      .from(stat2dPurchases)
      .where(eq(stat2dPurchases.customerId, customerId));
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.credits).toBe(STAT2D_PRICE_CREDITS);
  });

  it('two parallel purchases of the same zone charge once', async () => {
    // Pack Demo Co has 10 credits and North and Celtic Seas in its offer.
    expect(await credits(demo)).toBe(10);
    const zone = zoneIds['North and Celtic Seas'];
    const answers = await Promise.all([1, 2].map(() => demo.post('/api/stat2Ds/', { zone })));
    expect(answers.map((a) => a.status).sort((a, b) => a - b)).toEqual([200, 201]);
    expect(await credits(demo)).toBe(0);
    const again = await demo.post('/api/stat2Ds/', { zone });
    expect(again.status).toBe(200);
    expect(await credits(demo)).toBe(0);
    const db = server.runtime.services.db;
    const rows = await db
      .select()
      .from(stat2dPurchases)
      .where(
        and(
          eq(stat2dPurchases.customerId, await customerOf('Pack Demo Co')),
          eq(stat2dPurchases.zoneId, zone!),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it("one customer's purchase shows nothing to another", async () => {
    // Expired Shipping's (expired) offer covers every zone; Pack Demo Co bought North and Celtic Seas.
    expect((await mapOf(expired, 'North and Celtic Seas')).body.status).toBe('notBought');
  });
});

describe('rendered maps', () => {
  it(
    'lists the layers in the spec groups, with signed tiles and property files',
    { timeout: 180_000 },
    async () => {
      const map = await demo.until<Stat2dMap>(
        `/api/stat2Ds/?zone=${zoneIds['North and Celtic Seas']}`,
        (rendered) => rendered.status !== 'rendering',
      );
      expect(map.status).toBe('available');
      expect(map.groups.map((g) => g.name)).toEqual([...STAT2D_GROUPS]);
      const waves = map.groups.find((g) => g.name === 'Waves')!;
      expect(waves.layers.map((l) => l.field)).toEqual(['hs_mean', 'hs_p90']);
      const hs = waves.layers[0]!;
      expect(hs.tilesPath).toMatch(
        /^\/tiles\/stat2d\/\d+\/[0-9a-z]+\/hs_mean\/\d+-[\w-]{22}\/\{z\}\/\{x\}\/\{y\}\.png$/,
      );

      const props = await server.anonymous.get(hs.propertyFile);
      expect(props.status).toBe(200);
      expect(props.headers.get('cache-control')).toContain('max-age=86400');
      const properties = stat2dProperties.parse(props.body);
      expect(properties).toMatchObject({ field: 'hs_mean', units: 'm', group: 'Waves', synthetic: true });
      expect(properties.source).toMatch(
        /^Source: Synthetic demo hindcast \(North and Celtic Seas\), 1985–2024; synthetic demo data — not for engineering use/,
      );
      expect(properties.min).toBeLessThan(properties.max);
      expect(properties.min).toBeGreaterThan(0.3);
      expect(properties.max).toBeLessThan(5);

      // The tile holding 56 N 3 E (central North Sea) is drawn; a pixel there has a colour of the bar.
      const z = 6;
      const { xMin: x, yMin: y } = tileRange({ south: 56, west: 3, north: 56, east: 3 }, z);
      const url = hs.tilesPath.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
      const response = await server.anonymous.fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      const png = PNG.sync.read(bytes);
      expect([png.width, png.height]).toEqual([TILE_SIZE, TILE_SIZE]);
      let opaque = 0;
      for (let o = 3; o < png.data.length; o += 4) if (png.data[o] === 255) opaque++;
      expect(opaque).toBeGreaterThan(1000);
      const low = colorAt(
        { colormap: properties.colormap, min: properties.min, max: properties.max },
        properties.min,
      );
      const high = colorAt(
        { colormap: properties.colormap, min: properties.min, max: properties.max },
        properties.max,
      );
      const o = (128 * TILE_SIZE + 128) * 4;
      // velocity-blue grows lighter with the value: every channel between the bar's two ends
      for (let c = 0; c < 3; c++) {
        expect(png.data[o + c]).toBeGreaterThanOrEqual(Math.min(low[c]!, high[c]!));
        expect(png.data[o + c]).toBeLessThanOrEqual(Math.max(low[c]!, high[c]!));
      }
      // the second request reads the stored tile: same bytes
      const again = Buffer.from(await (await server.anonymous.fetch(url)).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    },
  );

  it('refuses forged or expired tile links and tiles outside the world', async () => {
    const map = (await mapOf(demo, 'North and Celtic Seas')).body;
    const hs = map.groups.find((g) => g.name === 'Waves')!.layers[0]!;
    const forged = hs.propertyFile.replace(
      /\/(\d+)-[\w-]{22}\//,
      (_m, day: string) => `/${day}-${'A'.repeat(22)}/`,
    );
    expect((await server.anonymous.get(forged)).status).toBe(403);
    // a link signed three days ago (valid until the end of the day after) has expired
    const layerPath = /\/tiles\/(stat2d\/[^/]+\/[^/]+\/[^/]+)\//.exec(hs.propertyFile)![1]!;
    const old = signedLayerUrl(server.runtime.services, layerPath, Date.now() - 3 * 86_400_000);
    expect((await server.anonymous.get(`${old}/properties.json`)).status).toBe(403);
    const fresh = signedLayerUrl(server.runtime.services, layerPath);
    expect((await server.anonymous.get(`${fresh}/properties.json`)).status).toBe(200);
    expect((await server.anonymous.get(hs.tilesPath.replace('{z}/{x}/{y}', '2/9/0'))).status).toBe(404);
    expect((await server.anonymous.get(hs.tilesPath.replace('{z}/{x}/{y}', '12/0/0'))).status).toBe(404);
  });
});
