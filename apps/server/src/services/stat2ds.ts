// 2D statistics maps (spec 000 §6 'buy maps and 2D statistics', §7 GET/POST /api/stat2Ds/; spec 002 "Map
// screens"): who sees a zone's maps, buying them with credits, asking for their render (the job is
// jobs/render-stat2d.ts), and the signed tile paths (Leaflet fetches tiles as images, without the bearer
// token: the path itself carries a day-long signature).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import {
  mapMessages,
  projectMessages,
  STAT2D_GROUPS,
  STAT2D_PRICE_CREDITS,
  stat2dProperties,
  type ReportPart,
  type Stat2dGroupName,
  type Stat2dMap,
  type Stat2dProperties,
} from '@metocean/contracts';
import type { Stat2dRaster } from '@metocean/hindcast';
import {
  customers,
  offerInstances,
  offerInstanceZones,
  offers,
  stat2dLayers,
  stat2dPurchases,
  zones,
  type GeoJsonGeometry,
} from '../db/schema';
import {
  layerKey,
  layerProperties,
  layerRaster,
  layerTile,
  STAT2D_LAYER_SPECS,
  STAT2D_MAX_ZOOM,
  STAT2D_MIN_ZOOM,
} from '../data/stat2d';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import type { Db } from '../db/client';
import type { Caller, Services } from './context';
import { chargeCredits } from './credits';
import { logCallerEvent } from './events';
import type { ProjectAccess } from './project-access';
import { isExpired } from './zones';

type ZoneRow = typeof zones.$inferSelect;
type InstanceRow = typeof offerInstances.$inferSelect;

interface MapAccess {
  zone: ZoneRow;
  /** The caller's offer instances that include the zone, expired ones too. */
  instances: { instance: InstanceRow; offerName: string; expired: boolean }[];
  purchased: boolean;
}

/** The zone if the caller's offers include it (any zone for superusers); 404 otherwise. */
async function mapAccess(services: Services, caller: Caller, zoneId: number): Promise<MapAccess> {
  const [zone] = await services.db.select().from(zones).where(eq(zones.id, zoneId)).limit(1);
  if (!zone) throw notFound();
  const access = await customerMapAccess(services.db, caller.customerId, zone);
  if (access.instances.length === 0 && !caller.isSuperuser) throw notFound();
  return access;
}

/** A customer's offer instances on the zone and whether it bought the zone's maps. */
async function customerMapAccess(db: Db, customerId: number, zone: ZoneRow): Promise<MapAccess> {
  const rows = await db
    .select({ instance: offerInstances, offerName: offers.name })
    .from(offerInstances)
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .innerJoin(offerInstanceZones, eq(offerInstanceZones.offerInstanceId, offerInstances.id))
    .where(and(eq(offerInstances.customerId, customerId), eq(offerInstanceZones.zoneId, zone.id)))
    .orderBy(asc(offerInstances.id));
  const [purchase] = await db
    .select({ id: stat2dPurchases.id })
    .from(stat2dPurchases)
    .where(and(eq(stat2dPurchases.customerId, customerId), eq(stat2dPurchases.zoneId, zone.id)))
    .limit(1);
  const now = new Date();
  return {
    zone,
    instances: rows.map((row) => ({ ...row, expired: isExpired(row.instance.offerEnd, now) })),
    purchased: purchase !== undefined,
  };
}

/**
 * The one rule for seeing maps: the provider's superusers, the demo zone, an offer with maps or an
 * unlimited plan (an expired one still shows what it gave, as expired projects stay readable), or a
 * purchase by the caller's customer. Buying needs an active offer on the zone.
 */
function rights(access: MapAccess, caller: Pick<Caller, 'isSuperuser'>) {
  const byPlan = access.instances.some(({ instance }) => instance.hasMaps || instance.isUnlimited);
  const free = caller.isSuperuser || access.zone.isDemo || byPlan;
  const active = access.instances.filter((i) => !i.expired);
  return {
    canSee: free || access.purchased,
    price: free ? 0 : STAT2D_PRICE_CREDITS,
    active,
  };
}

/** Enqueues the render of a zone's maps; the queue keeps one per zone (stately, keyed by zone). */
async function requestRender(services: Services, zoneId: number): Promise<void> {
  await services.queue.send('render-stat2d', { zoneId }, { singletonKey: `stat2d-${zoneId}` });
}

// ---- signed tile paths ----------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

function signature(services: Services, layerPath: string, expiresDay: number): string {
  return createHmac('sha256', services.config.jwtSecret)
    .update(`${layerPath}:${expiresDay}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * The signed folder URL of a layer: '/tiles/<layer path>/<day>-<signature>'. Valid until the end of the
 * next UTC day; the same all day long, so browsers and proxies cache the tiles.
 */
export function signedLayerUrl(services: Services, layerPath: string, now = Date.now()): string {
  const expiresDay = Math.floor(now / DAY_MS) + 1;
  return `/tiles/${layerPath}/${expiresDay}-${signature(services, layerPath, expiresDay)}`;
}

/** Checks the key of a tile URL; 403 when forged or expired. */
function checkKey(services: Services, layerPath: string, key: string, now = Date.now()): void {
  const match = /^(\d{1,7})-([A-Za-z0-9_-]{22})$/.exec(key);
  const day = match ? Number(match[1]) : NaN;
  const given = Buffer.from(match?.[2] ?? '');
  const expected = Buffer.from(match ? signature(services, layerPath, day) : '');
  const valid =
    match !== null &&
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    now < (day + 1) * DAY_MS;
  if (!valid) throw forbidden('This map link has expired: reload the map.');
}

export async function tile(
  services: Services,
  layerPath: string,
  key: string,
  z: number,
  x: number,
  y: number,
): Promise<Buffer> {
  checkKey(services, layerPath, key);
  if (z < 0 || z > STAT2D_MAX_ZOOM || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) throw notFound();
  const png = await layerTile(services.config.dataDir, layerPath, z, x, y);
  if (!png) throw notFound();
  return png;
}

export async function properties(services: Services, layerPath: string, key: string): Promise<string> {
  checkKey(services, layerPath, key);
  const text = await layerProperties(services.config.dataDir, layerPath);
  if (text === undefined) throw notFound();
  return text;
}

// ---- the API --------------------------------------------------------------------------------------------

async function presentMap(services: Services, caller: Caller, access: MapAccess): Promise<Stat2dMap> {
  const { zone } = access;
  const base = { zone: zone.id, zoneName: zone.name, has2DStatistics: zone.has2DStatistics, groups: [] };
  if (!zone.has2DStatistics)
    return { ...base, status: 'unavailable', price: 0, canBuy: false, message: mapMessages.no2dStatistics };
  const { canSee, price, active } = rights(access, caller);
  if (!canSee)
    return {
      ...base,
      status: 'notBought',
      price,
      canBuy: caller.isStaff && active.length > 0,
      message: mapMessages.notBought(price),
    };
  const rows = await services.db
    .select()
    .from(stat2dLayers)
    .where(eq(stat2dLayers.zoneId, zone.id))
    .orderBy(asc(stat2dLayers.id));
  if (rows.length === 0) {
    await requestRender(services, zone.id);
    return { ...base, status: 'rendering', price: 0, canBuy: false, message: mapMessages.rendering };
  }
  const { northEast: ne, southWest: sw } = zone.bounds;
  const order = (key: string) =>
    STAT2D_LAYER_SPECS.findIndex((spec) => `${spec.field}_${spec.statistic}` === key);
  return {
    ...base,
    status: 'available',
    price: 0,
    canBuy: false,
    message: '',
    groups: STAT2D_GROUPS.map((name) => ({
      name,
      layers: rows
        .filter((row) => row.group === name)
        .sort((a, b) => order(a.field) - order(b.field))
        .map((row) => {
          const url = signedLayerUrl(services, row.tilesPath);
          return {
            id: row.id,
            name: row.name,
            field: row.field,
            statistic: row.field.endsWith('_p90') ? ('p90' as const) : ('mean' as const),
            units: row.units,
            tilesPath: `${url}/{z}/{x}/{y}.png`,
            propertyFile: `${url}/properties.json`,
            bounds: { south: sw.lat, west: sw.lon, north: ne.lat, east: ne.lon },
            minZoom: STAT2D_MIN_ZOOM,
            maxNativeZoom: STAT2D_MAX_ZOOM,
          };
        }),
    })).filter((group) => group.layers.length > 0),
  };
}

/** GET /api/stat2Ds/?zone=: the zone's maps, or why there are none. */
export async function getStat2d(services: Services, caller: Caller, zoneId: number): Promise<Stat2dMap> {
  return presentMap(services, caller, await mapAccess(services, caller, zoneId));
}

/**
 * POST /api/stat2Ds/ { zone }: a manager buys the zone's maps for the customer. Free (nothing recorded)
 * where the maps are already visible; otherwise the price is charged atomically: the customer row is
 * locked, so two concurrent purchases never spend the same credits nor buy the same zone twice.
 */
export async function buyStat2d(
  services: Services,
  caller: Caller,
  zoneId: number,
): Promise<{ created: boolean; map: Stat2dMap }> {
  const access = await mapAccess(services, caller, zoneId);
  if (!caller.isStaff) throw forbidden(mapMessages.onlyManagers);
  if (!access.zone.has2DStatistics) throw badRequest({ nonFieldErrors: [mapMessages.no2dStatistics] });
  const { canSee, price, active } = rights(access, caller);
  if (canSee) return { created: false, map: await presentMap(services, caller, access) };
  const instance = active[0];
  if (!instance) {
    const latest = access.instances.at(-1)?.offerName ?? '';
    throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(latest)] });
  }
  const created = await services.db.transaction(async (tx) => {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, caller.customerId))
      .for('update');
    const [already] = await tx
      .select({ id: stat2dPurchases.id })
      .from(stat2dPurchases)
      .where(and(eq(stat2dPurchases.customerId, caller.customerId), eq(stat2dPurchases.zoneId, zoneId)));
    if (already) return false;
    await chargeCredits(
      tx,
      caller,
      price,
      (available) =>
        new HttpError(400, {
          detail: mapMessages.notEnoughCreditsTitle,
          nonFieldErrors: [mapMessages.notEnoughCredits(price, available)],
          code: 'insufficient_credits',
        }),
    );
    await tx.insert(stat2dPurchases).values({
      customerId: caller.customerId,
      zoneId,
      offerInstanceId: instance.instance.id,
      credits: price,
      boughtBy: caller.id,
    });
    return true;
  });
  if (created) await logCallerEvent(services.db, caller, 'maps.bought', `zone #${zoneId}: ${price} credits`);
  return { created, map: await presentMap(services, caller, await mapAccess(services, caller, zoneId)) };
}

// ---- the Maps section of reports --------------------------------------------------------------------------

/** The map groups a report part covers (temperature and salinity belong to no part). */
const PART_GROUPS: Record<ReportPart, readonly Stat2dGroupName[]> = {
  waves: ['Waves', 'Waves-TP', 'Energy'],
  wind: ['Wind'],
  currents: ['Currents'],
  waterLevels: ['Water heights'],
};

/** A layer as a report draws it: its property file and its raster (plain data, for the report thread). */
export interface ReportMapLayer {
  properties: Stat2dProperties;
  raster: Stat2dRaster;
}

export interface ReportMaps {
  /** As GET /api/stat2Ds/ would answer the project's customer (no superuser right: a report is the project's). */
  status: Stat2dMap['status'];
  /** The rendered layers of the groups the report's parts cover, in the order of the map screen. */
  layers: ReportMapLayer[];
  /** The zone's outline: the maps are clipped to it. */
  geom: GeoJsonGeometry;
}

/**
 * The zone's 2D statistics maps a report of the project prints: the rule of GET /api/stat2Ds/ for the
 * project's customer, then the layers of the report's parts read from their render folders.
 */
export async function reportMaps(
  db: Db,
  dataDir: string,
  access: ProjectAccess,
  parts: readonly ReportPart[],
): Promise<ReportMaps> {
  const { zone } = access;
  const none = (status: Stat2dMap['status']): ReportMaps => ({ status, layers: [], geom: zone.geom });
  if (!zone.has2DStatistics) return none('unavailable');
  const mapAccess = await customerMapAccess(db, access.instance.customerId, zone);
  if (!rights(mapAccess, { isSuperuser: false }).canSee) return none('notBought');
  const rows = await db.select().from(stat2dLayers).where(eq(stat2dLayers.zoneId, zone.id));
  if (rows.length === 0) return none('rendering');
  // in the order of the report's parts (its Statistics chapters), then of the map screen
  const specs = parts.flatMap((part) =>
    STAT2D_LAYER_SPECS.filter((spec) => PART_GROUPS[part].includes(spec.group)),
  );
  const layers: ReportMapLayer[] = [];
  for (const spec of specs) {
    const row = rows.find((r) => r.field === layerKey(spec));
    if (!row) continue;
    const text = await layerProperties(dataDir, row.tilesPath);
    const raster = await layerRaster(dataDir, row.tilesPath);
    // a render replaced meanwhile (its folder pruned): the layer is left out, as the map screen would
    if (text === undefined || !raster) continue;
    layers.push({ properties: stat2dProperties.parse(JSON.parse(text)), raster });
  }
  return { status: 'available', layers, geom: zone.geom };
}
