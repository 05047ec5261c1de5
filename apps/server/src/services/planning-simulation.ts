// What the planning thread simulates for a stored planning (issue 22; issue 31 session 31): its plan (kept at
// its creation; a planning from before plans were kept has its workbook read once more), bound to its points,
// each with the dataset serving it in the project's zone (the database) and its calibration, its percentiles
// and its alpha table. The planning run (jobs/simulate-planning.ts) and the intervals on request
// (services/planning-intervals.ts) simulate the same job, so the same plan gives the same starts. The record
// itself is read in the planning thread (planning-worker.ts readPlanningRecord), off the event loop and under
// the thread's memory limit (issue 29).
import { eq } from 'drizzle-orm';
import type { PlanningPoint, PlanningSettings } from '@metocean/contracts';
import { PlanningError, type Plan } from '@metocean/core';
import { sourceForPoint } from '../data/registry';
import { plannings, points, type PointCalibration } from '../db/schema';
import { readPlanInThread, type PlanSimulateJob, type RecordPoint } from '../jobs/planning-thread';
import { resolveAlpha } from './alpha-tables';
import type { Services } from './context';
import { bindPoints } from './downtimes';

/** Where the point's record is read; a point no dataset serves fails the run with a message naming it. */
export async function recordPointOf(
  services: Services,
  zoneId: number,
  point: { name: string; lat: number; lng: number; calibration?: PointCalibration | null },
): Promise<RecordPoint> {
  const source = await sourceForPoint(services.db, zoneId, point.lat, point.lng);
  if (!source) throw new PlanningError(`no dataset serves point "${point.name}"`);
  return {
    name: point.name,
    lat: point.lat,
    lng: point.lng,
    calibration: point.calibration ?? null,
    source,
  };
}

/** The stored plan; a planning from before plans were kept has its workbook read once more, and kept. */
export async function storedPlan(services: Services, planning: typeof plannings.$inferSelect): Promise<Plan> {
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

/**
 * What the planning thread simulates for a planning: its stored plan bound to its points (each with where
 * its record is read and its calibration), its percentiles and its alpha table (issue 32: the copies run on
 * α·L, the raw plan too for the side by side). The run and the intervals on request (services/
 * planning-intervals.ts) simulate the same job, so the same plan gives the same starts.
 */
export async function simulationJob(
  services: Services,
  planning: typeof plannings.$inferSelect,
  project: { zoneId: number; customerId: number },
): Promise<{
  job: Omit<PlanSimulateJob, 'kind'>;
  calibrations: Map<string, PointCalibration>;
  stored: PlanningPoint[];
}> {
  const settings = planning.settings as PlanningSettings;
  const plan = await storedPlan(services, planning);
  const stored = planning.points as PlanningPoint[];
  const { aliases } = bindPoints(plan, settings, stored);
  const calibrations = await calibrationsOf(services, planning.projectId, stored);
  const recordPoints = [];
  for (const point of stored)
    recordPoints.push(
      await recordPointOf(services, project.zoneId, {
        ...point,
        calibration: calibrations.get(point.name) ?? null,
      }),
    );
  const alpha = await resolveAlpha(services, project.customerId, settings.alpha);
  return {
    job: { plan, aliases, points: recordPoints, percentiles: settings.percentiles, alpha },
    calibrations,
    stored,
  };
}
