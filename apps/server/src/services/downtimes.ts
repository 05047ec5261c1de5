// AWD plannings (spec 001 §2.3, §4–§7; issue 22): scan an uploaded plan, create a planning from it and its
// settings, launch its simulation (the simulate-planning job), list, read, delete, results and download.
// Every call goes through the project access policy; uploads and runs need a manager of a project whose
// offer has not expired ("AWD offer expired").
import { and, asc, desc, eq, isNotNull, not, or } from 'drizzle-orm';
import {
  DEFAULT_PLANNING_PERCENTILES,
  downtimeMessages,
  planningFormats,
  planningSettings,
  type Planning,
  type PlanningIssue,
  type PlanningPoint,
  type PlanningSettings,
  type PlanningStatus,
  type PlanTripView,
  type ScanAnswer,
  type ScanPoint,
} from '@metocean/contracts';
import {
  environmentNeeds,
  planAliases,
  planDataGaps,
  type Plan,
  type PlanIssue,
  type PlanRead,
  type PlanResults,
} from '@metocean/core';
import { pointDataList, sameNodeIndices } from '../data/point-data';
import { PlanningThreadRefusal, readPlanInThread } from '../jobs/planning-thread';
import { plannings, points } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { checkAlphaChoice } from './alpha-tables';
import type { Caller, Services } from './context';
import { withParseSlot } from './archive';
import { projectFor, type ProjectAccess } from './project-access';

export const PLANNING_FILE_MAX_BYTES = 5 * 1024 * 1024;

type PlanningRow = typeof plannings.$inferSelect;

/** Managers of a project whose offer runs: upload and launch (spec 001 §6). */
function requireUpload(access: ProjectAccess): void {
  if (!access.canEdit) throw forbidden();
  if (access.expired) throw badRequest({ nonFieldErrors: [downtimeMessages.offerExpired] });
}

const issue = (i: PlanIssue): PlanningIssue => ({ kind: i.kind, text: i.text, cell: i.cell });

/**
 * The plan of an uploaded workbook and its issues, read in the planning thread (off the event loop, under
 * its memory limit) in one of the parse slots; a file that cannot be read is a 400 on the file field.
 */
async function readUploadedPlan(
  file: { buffer: Buffer; fileName: string },
  coords: { envCoords?: string | null; tasksCoords?: string | null } = {},
): Promise<PlanRead> {
  if (!/\.xlsx$/i.test(file.fileName))
    throw badRequest({ fieldErrors: { file: [downtimeMessages.notXlsx] } });
  try {
    return await withParseSlot(() => readPlanInThread(file.buffer, coords));
  } catch (error) {
    if (error instanceof PlanningThreadRefusal)
      throw badRequest({ fieldErrors: { file: [`${downtimeMessages.notXlsx} (${error.message})`] } });
    throw error;
  }
}

/** The project's points as a planning stores them: a calibrated variant with its id and stamp (issue 33). */
async function projectPoints(services: Services, projectId: number): Promise<PlanningPoint[]> {
  const rows = await services.db
    .select({
      id: points.id,
      name: points.name,
      lng: points.lng,
      lat: points.lat,
      calibration: points.calibration,
    })
    .from(points)
    .where(eq(points.projectId, projectId))
    .orderBy(asc(points.id));
  return rows.map((r) => ({
    name: r.name,
    lng: r.lng,
    lat: r.lat,
    id: r.id,
    calibration: r.calibration?.stamp.text ?? null,
  }));
}

/** The project's points with where each reads its data (dataset, fields, node), for the check before launch. */
async function scanPoints(services: Services, zoneId: number, list: PlanningPoint[]): Promise<ScanPoint[]> {
  const found = await pointDataList(services.db, zoneId, list);
  const shared = sameNodeIndices(found);
  return list.map((p, index) => {
    const data = found[index] ?? null;
    return {
      ...p,
      dataset: data?.dataset ?? null,
      synthetic: data?.synthetic ?? false,
      fields: data ? [...data.fields] : [],
      node: data ? { lat: data.node.lat, lon: data.node.lon } : null,
      sharedWith: (shared[index] ?? []).map((other) => list[other]!.name),
    };
  });
}

const needsOf = (plan: Plan | null): Record<string, string[]> =>
  Object.fromEntries((plan?.environments ?? []).map((e) => [e.name, environmentNeeds(e)]));

/** The point activities without a location run on (bindPoints' rule): the first alias's point, else the first point. */
function defaultPointName(settings: Pick<PlanningSettings, 'locationAliases'>, available: PlanningPoint[]) {
  return Object.values(settings.locationAliases)[0] ?? available[0]?.name ?? null;
}

/** POST /api/projects/{id}/scan_planning_file/: tables detected, aliases matched to points by name, issues. */
export async function scanPlanningFile(
  services: Services,
  caller: Caller,
  projectId: number,
  file: { buffer: Buffer; fileName: string },
): Promise<ScanAnswer> {
  const access = await projectFor(services.db, caller, projectId);
  requireUpload(access);
  const { plan, issues, ranges } = await readUploadedPlan(file);
  const projectPointList = await scanPoints(
    services,
    access.zone.id,
    await projectPoints(services, projectId),
  );
  const names = new Set(projectPointList.map((p) => p.name));
  const aliases = plan ? planAliases(plan) : [];
  const outputDir = file.fileName.replace(/\.xlsx$/i, '');
  return {
    fileName: file.fileName,
    outputDir,
    // the ranges of the tables found stay, even when the plan has errors: the planner fixes what is wrong
    envCoords: plan?.envCoords ?? ranges.envCoords,
    tasksCoords: plan?.tasksCoords ?? ranges.tasksCoords,
    points: projectPointList,
    environmentNeeds: needsOf(plan),
    percentiles: [...DEFAULT_PLANNING_PERCENTILES],
    locationAliases: Object.fromEntries(aliases.map((a) => [a, names.has(a) ? a : null])),
    formats: planningFormats.map((value) => ({ value, selected: true })),
    planning: {
      errors: issues.filter((i) => i.kind === 'error').map(issue),
      warnings: issues.filter((i) => i.kind === 'warning').map(issue),
    },
    trips: plan ? planTrips(plan) : [],
  };
}

/** The plan's rows as trips › tasks › activities (contiguous runs of one trip, then of one task), for the Gantt. */
export function planTrips(plan: Plan): PlanTripView[] {
  const trips: PlanTripView[] = [];
  for (const a of plan.activities) {
    let trip = trips.at(-1);
    if (trip?.id !== a.tripId) trips.push((trip = { id: a.tripId, tasks: [] }));
    let task = trip.tasks.at(-1);
    if (task?.id !== a.taskId) trip.tasks.push((task = { id: a.taskId, activities: [] }));
    task.activities.push({
      id: a.activityId,
      minimumDuration: a.minHours,
      inputContingencyTime: a.contingencyPercent,
      nbWindows: a.nbWindows,
      environment: a.environment ?? 'none',
      locationAlias: a.location,
      continuous: a.continuous,
    });
  }
  return trips;
}

/**
 * The trips of a stored planning, from the plan kept at its creation (issue 29: no read path opens the
 * workbook). A planning from before the plan was kept has none until the worker fills it in at start.
 */
export function storedPlanTrips(row: PlanningRow): PlanTripView[] {
  return row.plan ? planTrips(row.plan as Plan) : [];
}

/** The points a plan runs on (the first serves empty location cells) and each alias's index among them. */
export function bindPoints(
  plan: Plan,
  settings: PlanningSettings,
  available: PlanningPoint[],
): { points: PlanningPoint[]; aliases: Record<string, number> } {
  const byName = new Map(available.map((p) => [p.name, p]));
  const chosen: PlanningPoint[] = [];
  const indexOf = (name: string) => {
    let index = chosen.findIndex((p) => p.name === name);
    if (index < 0) {
      chosen.push(byName.get(name)!);
      index = chosen.length - 1;
    }
    return index;
  };
  const errors: string[] = [];
  const aliases: Record<string, number> = {};
  const usesDefault = plan.activities.some((a) => a.location === null);
  if (usesDefault) {
    const first = defaultPointName(settings, available);
    if (first === null || !byName.has(first)) errors.push('the project has no point to run the planning on');
    else indexOf(first);
  }
  for (const alias of planAliases(plan)) {
    const name = settings.locationAliases[alias] ?? (byName.has(alias) ? alias : undefined);
    if (name === undefined) errors.push(`location "${alias}" is not mapped to a point of the project`);
    else if (!byName.has(name))
      errors.push(`location "${alias}" is mapped to "${name}", which is not a point of the project`);
    else aliases[alias] = indexOf(name);
  }
  if (errors.length > 0) throw badRequest({ fieldErrors: { locationAliases: errors } });
  return { points: chosen, aliases };
}

/** POST /api/downtimes/: a PENDING planning from the file and its settings; a plan with errors is refused. */
export async function createPlanning(
  services: Services,
  caller: Caller,
  input: { projectId: number; file: { buffer: Buffer; fileName: string }; settings: unknown },
): Promise<PlanningRow> {
  const access = await projectFor(services.db, caller, input.projectId);
  requireUpload(access);
  const parsed = planningSettings.safeParse(input.settings);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const i of parsed.error.issues)
      (fieldErrors[String(i.path[0] ?? 'settings')] ??= []).push(i.message);
    throw badRequest({ fieldErrors });
  }
  const settings = parsed.data;
  const { plan, issues } = await readUploadedPlan(input.file, {
    envCoords: settings.envCoords,
    tasksCoords: settings.tasksCoords,
  });
  const errors = issues.filter((i) => i.kind === 'error');
  if (!plan || errors.length > 0)
    throw badRequest({ nonFieldErrors: errors.map((e) => (e.cell ? `${e.cell}: ${e.text}` : e.text)) });
  const available = await projectPoints(services, input.projectId);
  const bound = bindPoints(plan, settings, available);
  const served = await scanPoints(services, access.zone.id, bound.points);
  // fail before launch (issue 30): an environment limiting what a point's data lack is refused here,
  // per environment and point, not after the simulation
  const gaps = planDataGaps(
    plan.activities,
    needsOf(plan),
    Object.fromEntries(Object.entries(bound.aliases).map(([alias, i]) => [alias, bound.points[i]!.name])),
    defaultPointName(settings, available),
    served.flatMap((p) => (p.dataset === null ? [] : [{ ...p, dataset: p.dataset }])),
  );
  const unserved = served
    .filter((p) => p.dataset === null)
    .map(
      (p) => `No dataset of the project's zone serves point "${p.name}": move it or choose another point.`,
    );
  if (gaps.length + unserved.length > 0)
    throw badRequest({ nonFieldErrors: [...unserved, ...gaps.map((g) => g.text)] });
  await checkAlphaChoice(services, access.project.customerId, settings.alpha);
  const [row] = await services.db
    .insert(plannings)
    .values({
      projectId: input.projectId,
      userId: caller.id,
      name: settings.outputDir,
      fileName: input.file.fileName,
      document: input.file.buffer.toString('base64'),
      settings,
      plan,
      points: bound.points,
    })
    .returning();
  return row!;
}

/** The planning if the caller may see its project; 404 otherwise. */
export async function planningFor(services: Services, caller: Caller, id: number) {
  const [row] = await services.db.select().from(plannings).where(eq(plannings.id, id));
  if (!row) throw notFound();
  const access = await projectFor(services.db, caller, row.projectId);
  return { row, access };
}

/**
 * A planning waits for or runs its simulation: RUNNING, or PENDING once launched. A PENDING planning never
 * launched (just created, its warnings on screen) is neither: it may be launched or deleted.
 */
const inFlight = or(
  eq(plannings.status, 'RUNNING'),
  and(eq(plannings.status, 'PENDING'), isNotNull(plannings.queuedAt)),
)!;
const IN_FLIGHT_MESSAGE = 'The planning is already queued or running';

/**
 * POST /api/downtimes/{id}/compute/: PENDING, then the simulate-planning job (enqueued after the update).
 * The update is conditional, so two launches of one planning queue one job: the second answers 409.
 */
export async function computePlanning(services: Services, caller: Caller, id: number): Promise<PlanningRow> {
  const { access } = await planningFor(services, caller, id);
  requireUpload(access);
  const [updated] = await services.db
    .update(plannings)
    .set({
      status: 'PENDING',
      progress: 0,
      errorMessage: '',
      results: null,
      computedAt: null,
      startedAt: null,
      queuedAt: new Date(),
      // the heartbeat of an earlier run is not this one's (reconcile.ts)
      heartbeatAt: null,
      attempts: 0,
    })
    .where(and(eq(plannings.id, id), not(inFlight)))
    .returning();
  if (!updated) throw new HttpError(409, { nonFieldErrors: [IN_FLIGHT_MESSAGE] });
  await services.queue.send('simulate-planning', { planningId: id });
  return updated;
}

const ORDERINGS = {
  id: asc(plannings.id),
  '-id': desc(plannings.id),
  name: asc(plannings.name),
  '-name': desc(plannings.name),
} as const;
export type PlanningOrdering = keyof typeof ORDERINGS;
export const planningOrderings = Object.keys(ORDERINGS) as PlanningOrdering[];

export async function listPlannings(
  services: Services,
  caller: Caller,
  projectId: number,
  ordering: PlanningOrdering = '-id',
): Promise<PlanningRow[]> {
  await projectFor(services.db, caller, projectId);
  return services.db
    .select()
    .from(plannings)
    .where(eq(plannings.projectId, projectId))
    .orderBy(ORDERINGS[ordering], desc(plannings.id));
}

/**
 * DELETE: managers (staff) only, offer not expired, never while queued or running (spec 001 §4, §6); a
 * planning created but never launched may be deleted (the settings-errors modal's Abort).
 */
export async function deletePlanning(services: Services, caller: Caller, id: number): Promise<void> {
  const { row, access } = await planningFor(services, caller, id);
  if (!access.canEdit) throw forbidden();
  if (access.expired) throw badRequest({ nonFieldErrors: [downtimeMessages.offerExpired] });
  const deleted = await services.db
    .delete(plannings)
    .where(and(eq(plannings.id, id), eq(plannings.projectId, row.projectId), not(inFlight)))
    .returning({ id: plannings.id });
  if (deleted.length === 0)
    throw new HttpError(409, {
      nonFieldErrors: ['A planning cannot be deleted while it is queued or running'],
    });
}

/** The API view of a planning (spec 001 §3): no document bytes, no results (they have their own call). */
export function presentPlanning(row: PlanningRow): Planning {
  const settings = row.settings as PlanningSettings;
  return {
    id: row.id,
    user: row.userId,
    project: row.projectId,
    name: row.name,
    fileName: row.fileName,
    status: row.status as PlanningStatus,
    progress: row.progress,
    errorMessage: row.errorMessage,
    points: row.points as PlanningPoint[],
    hasJsonResults: row.results !== null,
    percentiles: settings.percentiles,
    formats: settings.formats,
    locationAliases: Object.entries(settings.locationAliases).map(([alias, point]) => ({ alias, point })),
    envCoords: settings.envCoords,
    tasksCoords: settings.tasksCoords,
    alpha: (settings as Partial<PlanningSettings>).alpha ?? 'none',
    createdAt: row.createdAt.toISOString(),
    queuedAt: row.queuedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    computedAt: row.computedAt?.toISOString() ?? null,
  };
}

/** GET /api/downtimes/{id}/results/: the results layout; 404 while there is none. */
export async function planningResults(services: Services, caller: Caller, id: number): Promise<PlanResults> {
  const { row } = await planningFor(services, caller, id);
  if (row.results === null) throw notFound();
  return row.results as PlanResults;
}
