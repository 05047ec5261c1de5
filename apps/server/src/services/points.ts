// Points: names, the zone rule, versions (spec 000 §3, §5, §7 Points).
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { messages, projectMessages, type NewPoint, type Point, type Status } from '@metocean/contracts';
import type { zones } from '../db/schema';
import { points, projects } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Caller, Services } from './context';
import { containsPoint } from '@metocean/core';
import { projectFor, requireEditable, visibleTo } from './project-access';
import { latestStartedTasks } from './task-state';

type PointRow = typeof points.$inferSelect;
type ZoneRow = typeof zones.$inferSelect;

export function presentPoint(
  row: PointRow,
  latest: { id: number; processType: string; status: string }[],
): Point {
  return {
    id: row.id,
    project: row.projectId,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    geom: { type: 'Point', coordinates: [row.lng, row.lat] },
    isComputed: row.isComputed,
    hasSatelliteValidation: row.hasSatelliteValidation,
    nbVersion: row.nbVersion,
    tasksPoints: latest.map((t) => ({ id: t.id, processType: t.processType, status: t.status as Status })),
    calibrationOf: row.calibrationOf,
    calibration: row.calibration?.stamp ?? null,
  };
}

/** Problems of a position for a zone: the bounding box with min, max and value, then the outline. */
export function zoneProblems(zone: ZoneRow, lat: number, lng: number): Record<string, string[]> {
  const { northEast: ne, southWest: sw } = zone.bounds;
  const errors: Record<string, string[]> = {};
  if (!Number.isFinite(lat) || lat < sw.lat || lat > ne.lat)
    errors.lat = [projectMessages.latitudeOutside(sw.lat, ne.lat, lat)];
  if (!Number.isFinite(lng) || lng < sw.lon || lng > ne.lon)
    errors.lng = [projectMessages.longitudeOutside(sw.lon, ne.lon, lng)];
  if (Object.keys(errors).length === 0 && !containsPoint(zone.geom, lng, lat))
    errors.nonFieldErrors = [projectMessages.outsideZone];
  return errors;
}

/** The first free 'Point N', N from the count + 1, trying 10 successive numbers (spec 000 §5, §9). */
export function defaultPointName(taken: Set<string>, existingCount: number): string {
  for (let n = existingCount + 1; n <= existingCount + 10; n++) {
    const name = `Point ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
  throw badRequest({ fieldErrors: { name: [messages.pointNameExists] } });
}

/**
 * Validates new points against the zone and the names already used; returns rows ready to insert.
 * Errors name the row (points.N.field) so a file or a bulk request can be corrected line by line.
 */
export function checkNewPoints(
  zone: ZoneRow,
  existing: { name: string }[],
  incoming: NewPoint[],
): { name: string; lat: number; lng: number }[] {
  const taken = new Set(existing.map((p) => p.name.toLowerCase()));
  const fieldErrors: Record<string, string[]> = {};
  const rows: { name: string; lat: number; lng: number }[] = [];
  incoming.forEach((point, index) => {
    const prefix = incoming.length === 1 && existing.length >= 0 ? '' : `points.${index}.`;
    for (const [field, list] of Object.entries(zoneProblems(zone, point.lat, point.lng)))
      fieldErrors[field === 'nonFieldErrors' ? `${prefix}geom` : `${prefix}${field}`] = list;
    const name = point.name?.trim() || defaultPointName(taken, existing.length + rows.length);
    if (taken.has(name.toLowerCase())) fieldErrors[`${prefix}name`] = [messages.pointNameExists];
    taken.add(name.toLowerCase());
    rows.push({ name, lat: point.lat, lng: point.lng });
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest({ fieldErrors });
  return rows;
}

async function pointFor(services: Services, caller: Caller, id: number) {
  const [row] = await services.db.select().from(points).where(eq(points.id, id)).limit(1);
  if (!row) throw notFound();
  const access = await projectFor(services.db, caller, row.projectId);
  return { row, access };
}

/** The points as answered, with their latest tasks. */
export async function presentPoints(services: Services, rows: PointRow[]): Promise<Point[]> {
  const latest =
    rows.length === 0
      ? []
      : await latestStartedTasks(
          services.db,
          inArray(
            points.id,
            rows.map((r) => r.id),
          ),
        );
  return rows.map((row) =>
    presentPoint(
      row,
      latest.filter((t) => t.pointId === row.id),
    ),
  );
}

export async function listPoints(
  services: Services,
  caller: Caller,
  projectId: number | undefined,
): Promise<Point[]> {
  if (projectId !== undefined) {
    await projectFor(services.db, caller, projectId);
    return presentPoints(
      services,
      await services.db.select().from(points).where(eq(points.projectId, projectId)).orderBy(asc(points.id)),
    );
  }
  const rows = await services.db
    .select({ point: points })
    .from(points)
    .innerJoin(projects, eq(projects.id, points.projectId))
    .where(visibleTo(services.db, caller))
    .orderBy(asc(points.id));
  return presentPoints(
    services,
    rows.map((r) => r.point),
  );
}

export async function getPoint(services: Services, caller: Caller, id: number): Promise<Point> {
  const { row } = await pointFor(services, caller, id);
  const [point] = await presentPoints(services, [row]);
  if (!point) throw notFound();
  return point;
}

export async function createPoints(
  services: Services,
  caller: Caller,
  projectId: number,
  incoming: NewPoint[],
): Promise<Point[]> {
  const access = await projectFor(services.db, caller, projectId);
  requireEditable(access);
  const existing = await services.db
    .select({ name: points.name })
    .from(points)
    .where(eq(points.projectId, projectId));
  if (access.instance.isTrial && existing.length + incoming.length > 1)
    throw badRequest({ nonFieldErrors: [projectMessages.trialOnePoint] });
  const rows = checkNewPoints(access.zone, existing, incoming);
  const created = await services.db
    .insert(points)
    .values(rows.map((r) => ({ ...r, projectId })))
    .returning();
  return presentPoints(services, created);
}

export async function updatePoint(
  services: Services,
  caller: Caller,
  id: number,
  request: {
    name: string;
    lat?: number | undefined;
    lng?: number | undefined;
    geom?: { coordinates: [number, number] } | undefined;
    nbVersion: number;
  },
): Promise<Point> {
  const { row, access } = await pointFor(services, caller, id);
  requireEditable(access);
  if (row.isComputed && (request.lat !== undefined || request.geom !== undefined)) {
    const [lng, lat] = request.geom?.coordinates ?? [request.lng ?? row.lng, request.lat ?? row.lat];
    if (lat !== row.lat || lng !== row.lng)
      throw badRequest({ nonFieldErrors: ['A computed point cannot be moved'] });
  }
  if (row.calibrationOf !== null && (request.lat !== undefined || request.geom !== undefined)) {
    const [lng, lat] = request.geom?.coordinates ?? [request.lng ?? row.lng, request.lat ?? row.lat];
    // the variant's correction was fitted on its original's node
    if (lat !== row.lat || lng !== row.lng)
      throw badRequest({
        nonFieldErrors: ['A calibrated variant stays at the position of its original point'],
      });
  }
  const lat = request.geom?.coordinates[1] ?? request.lat ?? row.lat;
  const lng = request.geom?.coordinates[0] ?? request.lng ?? row.lng;
  const problems = zoneProblems(access.zone, lat, lng);
  if (Object.keys(problems).length > 0) throw badRequest({ fieldErrors: problems });
  const [clash] = await services.db
    .select({ id: points.id })
    .from(points)
    .where(
      and(
        eq(points.projectId, row.projectId),
        sql`lower(${points.name}) = lower(${request.name.trim()})`,
        sql`${points.id} <> ${id}`,
      ),
    )
    .limit(1);
  if (clash) throw badRequest({ fieldErrors: { name: [messages.pointNameExists] } });
  // Optimistic locking: the update applies only to the version the client saw (spec 000 §8, HTTP 409).
  const updated = await services.db
    .update(points)
    .set({
      name: request.name.trim(),
      lat,
      lng,
      nbVersion: row.nbVersion + 1,
      // a satellite comparison holds for the position it was computed at
      ...(lat !== row.lat || lng !== row.lng ? { hasSatelliteValidation: false } : {}),
    })
    .where(and(eq(points.id, id), eq(points.nbVersion, request.nbVersion)))
    .returning();
  if (updated.length === 0) throw conflict();
  const [point] = await presentPoints(services, updated);
  if (!point) throw notFound();
  return point;
}

export async function deletePoint(services: Services, caller: Caller, id: number): Promise<void> {
  const { access } = await pointFor(services, caller, id);
  requireEditable(access);
  if (access.instance.isTrial) throw badRequest({ nonFieldErrors: [projectMessages.trialNoDeletion] });
  await services.db.delete(points).where(eq(points.id, id));
}

export async function deleteAllPoints(
  services: Services,
  caller: Caller,
  projectId: number,
): Promise<number> {
  const access = await projectFor(services.db, caller, projectId);
  requireEditable(access);
  if (access.instance.isTrial) throw badRequest({ nonFieldErrors: [projectMessages.trialNoDeletion] });
  const [n] = await services.db.select({ n: count() }).from(points).where(eq(points.projectId, projectId));
  await services.db.delete(points).where(eq(points.projectId, projectId));
  return n?.n ?? 0;
}
