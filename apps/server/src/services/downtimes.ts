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
} from '@metocean/contracts';
import { planAliases, readPlan, type Plan, type PlanIssue, type PlanResults } from '@metocean/core';
import { loadWorkbookGrid, WorkbookError } from '@metocean/hindcast';
import { plannings, points } from '../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { checkAlphaChoice } from './alpha-tables';
import type { Caller, Services } from './context';
import { projectFor, type ProjectAccess } from './project-access';

export const PLANNING_FILE_MAX_BYTES = 5 * 1024 * 1024;

type PlanningRow = typeof plannings.$inferSelect;

/** Managers of a project whose offer runs: upload and launch (spec 001 §6). */
function requireUpload(access: ProjectAccess): void {
  if (!access.canEdit) throw forbidden();
  if (access.expired) throw badRequest({ nonFieldErrors: [downtimeMessages.offerExpired] });
}

const issue = (i: PlanIssue): PlanningIssue => ({ kind: i.kind, text: i.text, cell: i.cell });

async function readWorkbook(file: { buffer: Buffer; fileName: string }) {
  if (!/\.xlsx$/i.test(file.fileName))
    throw badRequest({ fieldErrors: { file: [downtimeMessages.notXlsx] } });
  try {
    return await loadWorkbookGrid(file.buffer);
  } catch (error) {
    if (error instanceof WorkbookError)
      throw badRequest({ fieldErrors: { file: [`${downtimeMessages.notXlsx} (${error.message})`] } });
    throw error;
  }
}

async function projectPoints(services: Services, projectId: number): Promise<PlanningPoint[]> {
  return services.db
    .select({ name: points.name, lng: points.lng, lat: points.lat })
    .from(points)
    .where(eq(points.projectId, projectId))
    .orderBy(asc(points.id));
}

/** POST /api/projects/{id}/scan_planning_file/: tables detected, aliases matched to points by name, issues. */
export async function scanPlanningFile(
  services: Services,
  caller: Caller,
  projectId: number,
  file: { buffer: Buffer; fileName: string },
): Promise<ScanAnswer> {
  requireUpload(await projectFor(services.db, caller, projectId));
  const grid = await readWorkbook(file);
  const { plan, issues } = readPlan(grid);
  const projectPointList = await projectPoints(services, projectId);
  const names = new Set(projectPointList.map((p) => p.name));
  const aliases = plan ? planAliases(plan) : [];
  const outputDir = file.fileName.replace(/\.xlsx$/i, '');
  return {
    fileName: file.fileName,
    outputDir,
    envCoords: plan?.envCoords ?? null,
    tasksCoords: plan?.tasksCoords ?? null,
    points: projectPointList,
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

/** The trips of a stored planning's plan (read again from its workbook, with its saved table ranges). */
export async function storedPlanTrips(row: PlanningRow): Promise<PlanTripView[]> {
  const settings = row.settings as PlanningSettings;
  const grid = await readWorkbook({ buffer: Buffer.from(row.document, 'base64'), fileName: row.fileName });
  const { plan } = readPlan(grid, { envCoords: settings.envCoords, tasksCoords: settings.tasksCoords });
  return plan ? planTrips(plan) : [];
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
    const first = Object.values(settings.locationAliases)[0] ?? available[0]?.name;
    if (first === undefined || !byName.has(first))
      errors.push('the project has no point to run the planning on');
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
  const grid = await readWorkbook(input.file);
  const { plan, issues } = readPlan(grid, {
    envCoords: settings.envCoords,
    tasksCoords: settings.tasksCoords,
  });
  const errors = issues.filter((i) => i.kind === 'error');
  if (!plan || errors.length > 0)
    throw badRequest({ nonFieldErrors: errors.map((e) => (e.cell ? `${e.cell}: ${e.text}` : e.text)) });
  const bound = bindPoints(plan, settings, await projectPoints(services, input.projectId));
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
