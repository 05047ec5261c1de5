// Zones and offers as a customer sees them (spec 000 §3, §7 Zones, offers), and matching zones for a
// set of points: the zones of one offer that cover every point, regional before worldwide.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Offer, Zone } from '@metocean/contracts';
import { noMatchingZone } from '@metocean/contracts';
import { offerInstances, offerInstanceZones, offers, zones } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { datasetsOfZones, presentDataset } from '../data/registry';
import type { Db } from '../db/client';
import type { Caller, Services } from './context';
import { containsPoint } from '@metocean/core';

type ZoneRow = typeof zones.$inferSelect;

/** Zones with their datasets, in one query for the datasets. */
async function presentZones(db: Db, rows: ZoneRow[]): Promise<Zone[]> {
  const all = await datasetsOfZones(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentZone(row, all.filter((d) => d.zoneId === row.id).map(presentDataset)));
}

export function presentZone(row: ZoneRow, datasets: Zone['datasets']): Zone {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDemo: row.isDemo,
    isWorld: row.isWorld,
    isActive: row.isActive,
    isCyclonic: row.isCyclonic,
    isPrivate: row.isPrivate,
    has2DStatistics: row.has2DStatistics,
    bounds: row.bounds,
    geom: row.geom,
    shapefile: null,
    datasets,
  };
}

/** An offer is expired when the current time is on or after the instance's end (spec 000 §4). */
export const isExpired = (offerEnd: Date, now = new Date()) => now.getTime() >= offerEnd.getTime();

export async function listOffers(services: Services, caller: Caller, now = new Date()): Promise<Offer[]> {
  const rows = await services.db
    .select({ instance: offerInstances, offer: offers })
    .from(offerInstances)
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .where(eq(offerInstances.customerId, caller.customerId))
    .orderBy(asc(offerInstances.id));
  if (rows.length === 0) return [];
  const zoneRows = await services.db
    .select({ offerInstanceId: offerInstanceZones.offerInstanceId, zone: zones })
    .from(offerInstanceZones)
    .innerJoin(zones, eq(zones.id, offerInstanceZones.zoneId))
    .where(
      inArray(
        offerInstanceZones.offerInstanceId,
        rows.map((row) => row.instance.id),
      ),
    )
    .orderBy(asc(zones.id));
  return rows.map(({ instance, offer }) => ({
    id: instance.id,
    offerId: offer.id,
    name: offer.name,
    description: offer.description,
    packName: instance.packName,
    informationalMessage: offer.informationalMessage,
    isUnlimited: instance.isUnlimited,
    hasUnlimitedFullStudy: instance.hasUnlimitedFullStudy,
    hasUnlimitedDiscover: instance.hasUnlimitedDiscover,
    isTrial: instance.isTrial,
    isMcDashboard: instance.isMcDashboard,
    canBuildReport: instance.canReport,
    canRunDowntime: instance.canDowntime,
    canDownloadStats: instance.canDownload,
    hasMaps: instance.hasMaps,
    zones: zoneRows
      .filter((row) => row.offerInstanceId === instance.id)
      .map(({ zone }) => ({ id: zone.id, name: zone.name, isWorld: zone.isWorld, isDemo: zone.isDemo })),
    expired: isExpired(instance.offerEnd, now),
    offerStart: instance.offerStart.toISOString(),
    offerEnd: instance.offerEnd.toISOString(),
    credits: instance.credits,
    creditsPerPoint: instance.isUnlimited ? 0 : instance.creditsPerPoint,
    nbProjects: instance.nbProjects,
    nbAuthPoints: instance.nbAuthPoints,
  }));
}

/** The zones of the caller's offers (every zone for superusers). */
async function visibleZoneIds(services: Services, caller: Caller): Promise<number[] | 'all'> {
  if (caller.isSuperuser) return 'all';
  const rows = await services.db
    .selectDistinct({ zoneId: offerInstanceZones.zoneId })
    .from(offerInstanceZones)
    .innerJoin(offerInstances, eq(offerInstances.id, offerInstanceZones.offerInstanceId))
    .where(eq(offerInstances.customerId, caller.customerId));
  return rows.map((row) => row.zoneId);
}

export async function listZones(services: Services, caller: Caller): Promise<Zone[]> {
  const visible = await visibleZoneIds(services, caller);
  if (visible !== 'all' && visible.length === 0) return [];
  const rows = await services.db
    .select()
    .from(zones)
    .where(and(eq(zones.isActive, true), visible === 'all' ? undefined : inArray(zones.id, visible)))
    .orderBy(asc(zones.name));
  return presentZones(services.db, rows);
}

export async function getZone(services: Services, caller: Caller, id: number): Promise<Zone> {
  const visible = await visibleZoneIds(services, caller);
  if (visible !== 'all' && !visible.includes(id)) throw notFound();
  const [row] = await services.db.select().from(zones).where(eq(zones.id, id)).limit(1);
  if (!row) throw notFound();
  return (await presentZones(services.db, [row]))[0] ?? presentZone(row, []);
}

/**
 * The zones of one of the caller's offer instances that cover every point (or, with bounds only, the four
 * corners and the centre of the bounds): regional zones first, then worldwide, each group by name.
 */
export async function matchingZones(
  services: Services,
  caller: Caller,
  offerInstanceId: number,
  request: { bounds: Zone['bounds']; points?: { lat: number; lng: number }[] | undefined },
): Promise<Zone[]> {
  const [instance] = await services.db
    .select()
    .from(offerInstances)
    .where(and(eq(offerInstances.id, offerInstanceId), eq(offerInstances.customerId, caller.customerId)))
    .limit(1);
  if (!instance) throw notFound();
  const { northEast: ne, southWest: sw } = request.bounds;
  if (ne.lat < sw.lat)
    throw badRequest({ fieldErrors: { bounds: ['northEast must be north of southWest'] } });
  const probes =
    request.points && request.points.length > 0
      ? request.points.map((point) => ({ lon: point.lng, lat: point.lat }))
      : [
          { lon: sw.lon, lat: sw.lat },
          { lon: ne.lon, lat: sw.lat },
          { lon: ne.lon, lat: ne.lat },
          { lon: sw.lon, lat: ne.lat },
          { lon: (sw.lon + ne.lon) / 2, lat: (sw.lat + ne.lat) / 2 },
        ];
  const rows = await services.db
    .select({ zone: zones })
    .from(offerInstanceZones)
    .innerJoin(zones, eq(zones.id, offerInstanceZones.zoneId))
    .where(and(eq(offerInstanceZones.offerInstanceId, instance.id), eq(zones.isActive, true)));
  const covering = rows
    .map((row) => row.zone)
    .filter((zone) => probes.every((probe) => containsPoint(zone.geom, probe.lon, probe.lat)))
    .sort((a, b) => Number(a.isWorld) - Number(b.isWorld) || a.name.localeCompare(b.name));
  if (covering.length === 0) throw badRequest({ nonFieldErrors: [noMatchingZone] });
  return presentZones(services.db, covering);
}
