// The simulate-planning job (issue 22): reads the planning's points from their datasets and simulates the
// plan kept at its creation from every hourly start of their common record (both in the planning thread,
// off the event loop and under its memory limit: issue 29), stores the results layout and the audit stamp, and
// e-mails the user. Progress: 10 once the data are read, 100 when stored. Any error fails the planning with
// its message; a thread that breaks its memory limit fails it too, and is not retried.
import { eq, isNull, sql } from 'drizzle-orm';
import type { PlanningSettings } from '@metocean/contracts';
import { PlanningError } from '@metocean/core';
import { plannings, projects, users } from '../db/schema';
import { planningDoneMail } from '../mail/templates';
import type { Services } from '../services/context';
import { simulationJob, storedPlan } from '../services/planning-simulation';
import { PlanningThreadRefusal, simulateInThread } from './planning-thread';

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
    const { job, calibrations, stored } = await simulationJob(services, planning, row);
    await progress(services, planningId, 10);
    const { results, reads } = await simulateInThread(job, services.config.planningMemoryMb);
    const settings = planning.settings as PlanningSettings;
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
