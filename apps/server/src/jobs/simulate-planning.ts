// The simulate-planning job (issue 22): reads the planning's points from their datasets and simulates the
// plan kept at its creation from every hourly start of their common record (both in the planning thread,
// off the event loop and under its memory limit: issue 29), stores the results layout and the audit stamp, and
// e-mails the user. Progress: 10 once the data are read, 100 when stored. Any error fails the planning with
// its message; a thread that breaks its memory limit fails it too, and is not retried.
import { eq, isNull, sql } from 'drizzle-orm';
import type { PlanningPoint, PlanningSettings } from '@metocean/contracts';
import { PlanningError, type Plan } from '@metocean/core';
import { plannings, points, projects, users, type PointCalibration } from '../db/schema';
import { planningDoneMail } from '../mail/templates';
import type { Services } from '../services/context';
import { resolveAlpha } from '../services/alpha-tables';
import { bindPoints } from '../services/downtimes';
import { recordPointOf } from './planning-record';
import { PlanningThreadRefusal, readPlanInThread, simulateInThread } from './planning-thread';

async function progress(services: Services, id: number, value: number): Promise<void> {
  await services.db.update(plannings).set({ progress: value }).where(eq(plannings.id, id));
}

/**
 * Simulations of one launch that may start: a run interrupted with its process (killed, or a crash) is
 * retried once; a planning found started that many times already is failed, not run into the same end.
 */
export const MAX_PLANNING_ATTEMPTS = 2;

export const interruptedMessage = (attempts: number) =>
  `The simulation was interrupted ${attempts} times before it could finish (the server stopped during it) and is not started again: launch it again, or contact support if this repeats`;

/** The stored plan; a planning from before plans were kept has its workbook read once more, and kept. */
async function storedPlan(services: Services, planning: typeof plannings.$inferSelect): Promise<Plan> {
  if (planning.plan) return planning.plan as Plan;
  const settings = planning.settings as PlanningSettings;
  const { plan } = await readPlanInThread(Buffer.from(planning.document, 'base64'), {
    envCoords: settings.envCoords,
    tasksCoords: settings.tasksCoords,
  });
  if (!plan) throw new PlanningError('the planning file no longer reads without errors');
  await services.db.update(plannings).set({ plan }).where(eq(plannings.id, planning.id));
  return plan;
}

/**
 * The correction of each of the planning's points that is a calibrated variant (issue 33), by point name: found
 * by its id (plannings stored before found by name in the project). A point stored as a variant whose row is
 * gone fails the run rather than reading the uncorrected series under the variant's name.
 */
async function calibrationsOf(
  services: Services,
  projectId: number,
  stored: PlanningPoint[],
): Promise<Map<string, PointCalibration>> {
  const rows = await services.db
    .select({ id: points.id, name: points.name, calibration: points.calibration })
    .from(points)
    .where(eq(points.projectId, projectId));
  const out = new Map<string, PointCalibration>();
  for (const point of stored) {
    const row = rows.find((r) => (point.id === undefined ? r.name === point.name : r.id === point.id));
    if (row?.calibration) out.set(point.name, row.calibration);
    else if (point.calibration)
      throw new PlanningError(
        `the calibrated variant "${point.name}" no longer exists: create the planning again with the project's points`,
      );
  }
  return out;
}

export async function simulatePlanningJob(services: Services, planningId: number): Promise<void> {
  const db = services.db;
  const [row] = await db
    .select({ planning: plannings, zoneId: projects.zoneId, customerId: projects.customerId })
    .from(plannings)
    .innerJoin(projects, eq(projects.id, plannings.projectId))
    .where(eq(plannings.id, planningId));
  // A planning deleted meanwhile has nothing to do. One found RUNNING was left so by a process that died
  // mid-run: the queue retries its job here, and the simulation starts again from the beginning, once.
  if (!row) return;
  const planning = row.planning;
  const [claimed] = await db
    .update(plannings)
    .set({
      status: 'RUNNING',
      startedAt: new Date(),
      progress: 0,
      attempts: sql`${plannings.attempts} + 1`,
    })
    .where(eq(plannings.id, planningId))
    .returning({ attempts: plannings.attempts });
  let failure: string | null = null;
  try {
    if (claimed && claimed.attempts > MAX_PLANNING_ATTEMPTS)
      throw new PlanningError(interruptedMessage(claimed.attempts - 1));
    const settings = planning.settings as PlanningSettings;
    const plan = await storedPlan(services, planning);
    const stored = planning.points as PlanningPoint[];
    const { aliases } = bindPoints(plan, settings, stored);
    const calibrations = await calibrationsOf(services, planning.projectId, stored);
    const recordPoints = [];
    for (const point of stored)
      recordPoints.push(
        await recordPointOf(services, row.zoneId, {
          ...point,
          calibration: calibrations.get(point.name) ?? null,
        }),
      );
    await progress(services, planningId, 10);
    // alpha factors (issue 32): the copies run on α·L (the raw plan too, for the side by side); the records
    // are read and the plan simulated in the planning thread, off the event loop and under its memory limit
    const alpha = await resolveAlpha(services, row.customerId, settings.alpha);
    const { results, reads } = await simulateInThread(
      { plan, aliases, points: recordPoints, percentiles: settings.percentiles, alpha },
      services.config.planningMemoryMb,
    );
    const stampPoints = stored.map((point, i) => {
      const read = reads[i]!;
      const calibration = calibrations.get(point.name) ?? null;
      return {
        name: point.name,
        source:
          `${read.dataset.name}${read.dataset.synthetic ? ' (synthetic demo hindcast)' : ''}, node ${read.node.lat.toFixed(4)}, ${read.node.lon.toFixed(4)}` +
          (calibration ? `; calibrated variant: ${calibration.stamp.text}` : '; original hindcast'),
      };
    });
    await db
      .update(plannings)
      .set({
        status: 'FINISHED',
        progress: 100,
        results,
        stamp: { points: stampPoints, rulesVersion: results.rulesVersion, settings, alpha: results.alpha },
        computedAt: new Date(),
      })
      .where(eq(plannings.id, planningId));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PlanningError || error instanceof PlanningThreadRefusal))
      services.log.error({ err: error, planningId }, 'planning failed');
    await db
      .update(plannings)
      .set({ status: 'FAILED', errorMessage: failure, computedAt: new Date() })
      .where(eq(plannings.id, planningId));
  }
  if (planning.userId !== null) {
    const [user] = await db.select().from(users).where(eq(users.id, planning.userId));
    if (user?.email)
      await services.queue.send(
        'send-email',
        planningDoneMail(
          user.email,
          user.firstName || user.username,
          planning.name,
          failure,
          `${services.config.publicUrl}/downtime/${planning.projectId}`,
        ),
      );
  }
}

/**
 * Keeps the plan of every planning created before plans were kept (migration 0010), each read once more
 * from its workbook in the planning thread, so that reading a planning never opens a workbook. Run by a
 * worker at start; a workbook that no longer reads keeps no plan (its planning shows no trips).
 */
export async function keepStoredPlans(services: Services): Promise<void> {
  const pending = await services.db
    .select({ id: plannings.id })
    .from(plannings)
    .where(isNull(plannings.plan))
    .orderBy(plannings.id);
  for (const { id } of pending) {
    const [planning] = await services.db.select().from(plannings).where(eq(plannings.id, id));
    if (!planning || planning.plan) continue;
    try {
      await storedPlan(services, planning);
    } catch (error) {
      services.log.warn({ err: error, planningId: id }, 'the plan of a planning could not be kept');
    }
  }
}
