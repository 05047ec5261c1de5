// The simulate-planning job (issue 22): reads the planning's points from their datasets, simulates the
// plan from every hourly start of their common record, stores the results layout and the audit stamp,
// and e-mails the user. Progress: 10 once the data are read, 60 once simulated, 100 when stored. Any
// error fails the planning with its message.
import { eq } from 'drizzle-orm';
import type { PlanningPoint, PlanningSettings } from '@metocean/contracts';
import {
  alphaCopies,
  alphaSummary,
  commonRecord,
  expandCopies,
  planningStatistics,
  PlanningError,
  readPlan,
  simulatePlan,
} from '@metocean/core';
import { loadWorkbookGrid } from '@metocean/hindcast';
import { plannings, projects, users } from '../db/schema';
import { planningDoneMail } from '../mail/templates';
import type { Services } from '../services/context';
import { resolveAlpha } from '../services/alpha-tables';
import { bindPoints } from '../services/downtimes';
import { planningRecordOf } from './planning-record';

async function progress(services: Services, id: number, value: number): Promise<void> {
  await services.db.update(plannings).set({ progress: value }).where(eq(plannings.id, id));
}

export async function simulatePlanningJob(services: Services, planningId: number): Promise<void> {
  const db = services.db;
  const [row] = await db
    .select({ planning: plannings, zoneId: projects.zoneId, customerId: projects.customerId })
    .from(plannings)
    .innerJoin(projects, eq(projects.id, plannings.projectId))
    .where(eq(plannings.id, planningId));
  // A planning deleted meanwhile has nothing to do. One found RUNNING was left so by a worker that died
  // mid-run: pg-boss retries its expired job here, and the simulation starts again from the beginning.
  if (!row) return;
  const planning = row.planning;
  await db
    .update(plannings)
    .set({ status: 'RUNNING', startedAt: new Date(), progress: 0 })
    .where(eq(plannings.id, planningId));
  let failure: string | null = null;
  try {
    const settings = planning.settings as PlanningSettings;
    const grid = await loadWorkbookGrid(Buffer.from(planning.document, 'base64'));
    const { plan } = readPlan(grid, { envCoords: settings.envCoords, tasksCoords: settings.tasksCoords });
    if (!plan) throw new PlanningError('the planning file no longer reads without errors');
    const stored = planning.points as PlanningPoint[];
    const { aliases } = bindPoints(plan, settings, stored);
    const records = [];
    const stampPoints = [];
    for (const point of stored) {
      const { read, time, location } = await planningRecordOf(services, row.zoneId, point);
      records.push({ ...location, time });
      stampPoints.push({
        name: point.name,
        source: `${read.dataset.name}${read.dataset.synthetic ? ' (synthetic demo hindcast)' : ''}, node ${read.node.lat.toFixed(4)}, ${read.node.lon.toFixed(4)}`,
      });
    }
    await progress(services, planningId, 10);
    const { time, locations } = commonRecord(records);
    // alpha factors (issue 32): the copies run on α·L; the raw plan is simulated too, for the side by side
    const alpha = await resolveAlpha(services, row.customerId, settings.alpha);
    const factored = alpha ? alphaCopies(plan.activities, plan.environments, alpha) : null;
    const input = { time, locations, aliases, environments: plan.environments };
    const raw = expandCopies(plan.activities);
    const sim = simulatePlan({ ...input, copies: factored ? factored.copies : raw });
    await progress(services, planningId, 60);
    const summary = alpha && factored ? alphaSummary(alpha, factored.factored) : null;
    const results = { ...planningStatistics(sim, settings.percentiles), alpha: summary };
    if (factored) {
      const { MONTHLY, BIWEEKLY, WEEKLY, censored, totalStarts } = planningStatistics(
        simulatePlan({ ...input, copies: raw }),
        settings.percentiles,
      );
      Object.assign(results, { withoutAlpha: { MONTHLY, BIWEEKLY, WEEKLY, censored, totalStarts } });
    }
    await db
      .update(plannings)
      .set({
        status: 'FINISHED',
        progress: 100,
        results,
        stamp: { points: stampPoints, rulesVersion: results.rulesVersion, settings, alpha: summary },
        computedAt: new Date(),
      })
      .where(eq(plannings.id, planningId));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    if (!(error instanceof PlanningError)) services.log.error({ err: error, planningId }, 'planning failed');
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
