// Projects: listing, presenting, creating, renaming, sharing and what a point costs (spec 000 §2.3–2.6,
// §4, §5, §6, §7). Who may see or change a project is project-access.ts.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  contractorParameters,
  messages,
  projectMessages,
  projectTypes,
  specialOffers,
  type NewPoint,
  type Project,
  type ProjectListItem,
  type Status,
} from '@metocean/contracts';
import {
  contractorJobs,
  offerInstances,
  offerInstanceZones,
  offers,
  points,
  projectCollaborators,
  projects,
  users,
  zones,
} from '../db/schema';
import type { Db } from '../db/client';
import { sameNodeIndices, type PointDataView } from '../data/point-data';
import { likePattern } from '../db/like';
import { badRequest, fieldError, forbidden } from '../http/errors';
import type { Caller, Services } from './context';
import { logCallerEvent } from './events';
import { accessibleProjects, projectFor, requireEditable, type ProjectAccess } from './project-access';
import { offerPreference } from './accounts';
import { isExpired } from './zones';
import { checkNewPoints, presentPoint } from './points';
import { projectDataNodes, projectRows } from './project-rows';
import { withReportFilesRemoved } from './reports';

type InstanceRow = typeof offerInstances.$inferSelect;
type ZoneRow = typeof zones.$inferSelect;

/** Status of a project from the latest task of each of its points (spec 000 §4). */
export function projectStatus(taskStatuses: Status[]): Status {
  if (taskStatuses.length === 0) return 'PENDING';
  if (taskStatuses.includes('RUNNING')) return 'RUNNING';
  if (taskStatuses.includes('PENDING'))
    return taskStatuses.every((s) => s === 'PENDING') ? 'PENDING' : 'RUNNING';
  if (taskStatuses.includes('FAILED')) return 'FAILED';
  if (taskStatuses.includes('CANCELLED')) return 'CANCELLED';
  return 'FINISHED';
}

/**
 * Status of a computation from its tasks, read each time so that it stays true (issue 23): RUNNING while a
 * task is to run, then FAILED when one failed, CANCELLED when every one was cancelled, else FINISHED.
 */
export function computationStatus(stored: Status, taskStatuses: Status[]): Status {
  if (taskStatuses.length === 0) return stored;
  if (taskStatuses.some((s) => s === 'PENDING' || s === 'RUNNING')) return 'RUNNING';
  if (taskStatuses.includes('FAILED')) return 'FAILED';
  if (taskStatuses.every((s) => s === 'CANCELLED')) return 'CANCELLED';
  return 'FINISHED';
}

export const creditsPerPoint = (instance: InstanceRow, zone: ZoneRow) =>
  instance.isUnlimited || zone.isDemo ? 0 : instance.creditsPerPoint;

export async function presentProject(db: Db, caller: Caller, access: ProjectAccess): Promise<Project> {
  const { project, instance, zone } = access;
  // the rows as of the revision read with the access (kept per revision: project-rows.ts)
  const rows = await projectRows(db, access);
  const { points: pointRows, latestTasks: taskRows, computations: computationRows } = rows;
  const computationTasks = rows.computationTasks;
  const overview = rows.overview;
  const active = taskRows.map((t) => t.status as Status);
  const running = taskRows.filter((t) => t.status === 'RUNNING' || t.status === 'PENDING');
  return {
    id: project.id,
    name: project.name,
    status: projectStatus(active),
    progress:
      running.length === 0
        ? active.length > 0
          ? 100
          : 0
        : Math.round(running.reduce((s, t) => s + t.progress, 0) / running.length),
    type: project.type,
    zone: {
      id: zone.id,
      name: zone.name,
      isDemo: zone.isDemo,
      geom: zone.geom,
      has2DStatistics: zone.has2DStatistics,
      bounds: zone.bounds,
    },
    collaborators: [...rows.collaborators],
    computations: computationRows.map((c) => ({
      id: c.id,
      spentBy: c.spentById,
      isDowntime: c.isDowntime,
      credits: c.credits,
      status: computationStatus(
        c.status as Status,
        computationTasks.filter((t) => t.computationId === c.id).map((t) => t.status as Status),
      ),
      reports: [],
      createdAt: c.createdAt.toISOString(),
    })),
    points: pointRows.map((p) =>
      presentPoint(
        p,
        taskRows.filter((t) => t.pointId === p.id),
      ),
    ),
    nbPoints: pointRows.length,
    isMcDashboard: project.isMcDashboard,
    canBuildReport: instance.canReport,
    canRunDowntime: instance.canDowntime,
    offerInstance: {
      id: instance.id,
      offer: access.offerName,
      offerEnd: instance.offerEnd.toISOString(),
      isTrial: instance.isTrial,
      isUnlimited: instance.isUnlimited,
      canDownloadStats: instance.canDownload,
      expired: access.expired,
      nbAuthPoints: instance.nbAuthPoints,
      creditsPerPoint: creditsPerPoint(instance, zone),
    },
    user: project.createdById,
    isManager: access.canEdit,
    canShare: access.canEdit,
    createdAt: project.createdAt.toISOString(),
    overviewStats: overview,
  };
}

export async function getProject(services: Services, caller: Caller, id: number): Promise<Project> {
  const access = await projectFor(services.db, caller, id);
  const [project, found] = await Promise.all([
    presentProject(services.db, caller, access),
    projectDataNodes(services.db, access),
  ]);
  return { ...project, points: withDataNodes(project.points, found) };
}

/**
 * The points with the data node each reads and the points sharing it (issue 30: two points 10 km apart
 * read one node, and the project must not list them as two places). The detail only: the list skips it.
 * `found` is pointDataList's answer for the same points in the same order.
 */
function withDataNodes(list: Project['points'], found: readonly (PointDataView | null)[]): Project['points'] {
  const shared = sameNodeIndices(found);
  return list.map((point, index) => {
    const data = found[index];
    return {
      ...point,
      dataNode: data
        ? {
            dataset: data.dataset,
            synthetic: data.synthetic,
            lat: data.node.lat,
            lon: data.node.lon,
            distanceKm: data.node.distanceKm,
            sharedWith: (shared[index] ?? []).flatMap((other) => list[other]?.id ?? []),
          }
        : null,
    };
  });
}

/** My projects: search on project or zone name, ordering most recent (default) or name (spec 000 §2.3). */
export async function listProjects(
  services: Services,
  caller: Caller,
  query: { ordering: '-id' | 'name'; search?: string | undefined },
): Promise<ProjectListItem[]> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const found = await accessibleProjects(
    services.db,
    caller,
    pattern ? or(ilike(projects.name, pattern), ilike(zones.name, pattern)) : undefined,
    [query.ordering === 'name' ? sql`lower(${projects.name})` : desc(projects.id)],
  );
  const result: ProjectListItem[] = [];
  for (const access of found) {
    const {
      points: pointList,
      computations: _c,
      ...rest
    } = await presentProject(services.db, caller, access);
    result.push({
      ...rest,
      points: pointList.map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, isComputed: p.isComputed })),
    });
  }
  return result;
}

async function assertNameFree(db: Db, customerId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), sql`lower(${projects.name}) = lower(${name})`))
    .limit(1);
  if (taken && taken.id !== exceptId) throw fieldError('name', messages.projectNameTaken);
}

/** Offer-name + zone-name, forbidden characters as underscores, repeated underscores collapsed (§2.5). */
export function generatedProjectName(offerName: string, zoneName: string): string {
  return `${offerName}-${zoneName}`
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/_+/g, '_')
    .slice(0, 45);
}

async function freeGeneratedName(db: Db, customerId: number, base: string): Promise<string> {
  for (let suffix = 0; suffix < 1000; suffix++) {
    const name = suffix === 0 ? base : `${base}_${suffix}`;
    const [taken] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.customerId, customerId), sql`lower(${projects.name}) = lower(${name})`))
      .limit(1);
    if (!taken) return name;
  }
  throw badRequest({ nonFieldErrors: [messages.projectNameTaken] });
}

export async function createProject(
  services: Services,
  caller: Caller,
  request: {
    name?: string | undefined;
    offerInstance: number;
    zone?: number | undefined;
    collaborators: number[];
    isTrial: boolean;
    points: NewPoint[];
  },
): Promise<number> {
  if (!caller.isStaff) throw forbidden();
  const db = services.db;
  const [instance] = await db
    .select({ instance: offerInstances, offerName: offers.name })
    .from(offerInstances)
    .innerJoin(offers, eq(offers.id, offerInstances.offerId))
    .where(
      and(eq(offerInstances.id, request.offerInstance), eq(offerInstances.customerId, caller.customerId)),
    )
    .limit(1);
  if (!instance) throw fieldError('offerInstance', messages.notFound);
  if (isExpired(instance.instance.offerEnd))
    throw badRequest({ nonFieldErrors: [projectMessages.offerExpired(instance.offerName)] });
  const offerZoneRows = await db
    .select({ zone: zones })
    .from(offerInstanceZones)
    .innerJoin(zones, eq(zones.id, offerInstanceZones.zoneId))
    .where(eq(offerInstanceZones.offerInstanceId, instance.instance.id))
    .orderBy(asc(zones.id));
  const trial = instance.instance.isTrial;
  // A trial project takes the offer's first zone (spec 000 §2.5).
  const zone =
    trial && request.zone === undefined
      ? offerZoneRows[0]?.zone
      : offerZoneRows.find((z) => z.zone.id === request.zone)?.zone;
  if (!zone) throw fieldError('zone', projectMessages.zoneNotInOffer);
  if (trial && request.points.length > 1)
    throw badRequest({ nonFieldErrors: [projectMessages.trialOnePoint] });
  if (instance.instance.nbProjects !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(projects)
      .where(eq(projects.offerInstanceId, instance.instance.id));
    if ((used?.n ?? 0) >= instance.instance.nbProjects)
      throw badRequest({ nonFieldErrors: [projectMessages.tooManyProjects(instance.instance.nbProjects)] });
  }
  let name: string;
  if (request.name) {
    name = request.name;
    await assertNameFree(db, caller.customerId, name);
  } else if (trial || request.isTrial) {
    name = await freeGeneratedName(
      db,
      caller.customerId,
      generatedProjectName(instance.offerName, zone.name),
    );
  } else throw fieldError('name', messages.required);

  const newPoints = checkNewPoints(zone, [], request.points);
  const team = await teamMembers(db, caller, request.collaborators);
  const collaboratorIds = new Set([caller.id, ...(trial ? [] : team.map((u) => u.id))]);
  const type = instance.instance.isMcDashboard
    ? projectTypes.dashboard
    : zone.isDemo
      ? projectTypes.demo
      : trial
        ? projectTypes.light
        : projectTypes.offer;

  const projectId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(projects)
      .values({
        customerId: caller.customerId,
        offerInstanceId: instance.instance.id,
        zoneId: zone.id,
        createdById: caller.id,
        name,
        type,
        isMcDashboard: instance.instance.isMcDashboard,
      })
      .returning({ id: projects.id });
    if (!created) throw new Error('project insert returned nothing');
    await tx
      .insert(projectCollaborators)
      .values([...collaboratorIds].map((userId) => ({ projectId: created.id, userId })));
    if (newPoints.length > 0)
      await tx.insert(points).values(newPoints.map((p) => ({ ...p, projectId: created.id })));
    // a marine contractors dashboard has its one wizard job from the start: GET ?latest only reads it
    if (instance.instance.isMcDashboard)
      await tx
        .insert(contractorJobs)
        .values({ projectId: created.id, userId: caller.id, parameters: contractorParameters.parse({}) });
    return created.id;
  });
  await logCallerEvent(db, caller, 'project.created', `${name} (#${projectId})`);
  return projectId;
}

/** The free demo project of 'Pack 10 Demo' users: one point in the demo zone, computed at once. */
export async function demoProjectSetup(
  services: Services,
  caller: Caller,
): Promise<{ offerInstance: number; zone: number }> {
  const rows = await services.db
    .select({ instance: offerInstances, zone: zones })
    .from(offerInstances)
    .innerJoin(offerInstanceZones, eq(offerInstanceZones.offerInstanceId, offerInstances.id))
    .innerJoin(zones, eq(zones.id, offerInstanceZones.zoneId))
    .where(
      and(
        eq(offerInstances.customerId, caller.customerId),
        eq(offerInstances.packName, specialOffers.demoPack),
        eq(zones.isDemo, true),
      ),
    );
  const usable = rows
    .filter((row) => !isExpired(row.instance.offerEnd))
    .sort((a, b) => offerPreference(a.instance) - offerPreference(b.instance));
  const chosen = usable[0];
  if (!chosen) throw forbidden(projectMessages.notDemoPack);
  return { offerInstance: chosen.instance.id, zone: chosen.zone.id };
}

export async function deleteProject(services: Services, caller: Caller, id: number): Promise<void> {
  const access = await projectFor(services.db, caller, id);
  if (!access.canEdit) throw forbidden();
  await withReportFilesRemoved(services, id, async () => {
    await services.db.delete(projects).where(eq(projects.id, id));
  });
  await logCallerEvent(services.db, caller, 'project.deleted', `${access.project.name} (#${id})`);
}

export async function renameProject(
  services: Services,
  caller: Caller,
  id: number,
  name: string,
): Promise<Project> {
  const access = await projectFor(services.db, caller, id);
  requireEditable(access);
  await assertNameFree(services.db, caller.customerId, name, id);
  await services.db.update(projects).set({ name }).where(eq(projects.id, id));
  return getProject(services, caller, id);
}

/**
 * The users named as collaborators, all of the caller's customer: one rule for a new project and for
 * update_collaborators (issue 29: creation silently dropped another customer's user) — any other id is a 400.
 */
async function teamMembers(db: Db, caller: Caller, userIds: number[]): Promise<{ id: number }[]> {
  const team = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.customerId, caller.customerId), inArray(users.id, userIds.length > 0 ? userIds : [0])),
    );
  if (userIds.some((userId) => !team.some((u) => u.id === userId)))
    throw fieldError('collaborators', messages.notFound);
  return team;
}

/** Sets who may see the project; the caller's own access is never changed (spec 000 §6). */
export async function updateCollaborators(
  services: Services,
  caller: Caller,
  id: number,
  userIds: number[],
): Promise<Project> {
  const access = await projectFor(services.db, caller, id);
  requireEditable(access);
  const team = await teamMembers(services.db, caller, userIds);
  await services.db.transaction(async (tx) => {
    await tx
      .delete(projectCollaborators)
      .where(
        and(eq(projectCollaborators.projectId, id), sql`${projectCollaborators.userId} <> ${caller.id}`),
      );
    const others = team.map((u) => u.id).filter((userId) => userId !== caller.id);
    if (others.length > 0)
      await tx
        .insert(projectCollaborators)
        .values(others.map((userId) => ({ projectId: id, userId })))
        .onConflictDoNothing();
  });
  return getProject(services, caller, id);
}
