// The kinds of job that carry a heartbeat (reconcile.ts): each names its queue, the payload field of its row,
// which statuses count as in flight, how its row goes back to waiting for a worker, and how it ends when its
// worker was lost for good. A new kind of long job registers here and wraps its handler in withHeartbeat.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { contractorMessages, downtimeMessages, reportMessages } from '@metocean/contracts';
import { contractorJobs, plannings, reports, results, satelliteComparisons, tasks } from '../db/schema';
import { lockTasks, lockedTasks } from '../db/task-locks';
import { reportsDir } from '../services/reports';
import { failLostTask } from './compute-point';
import { partialReportFile, reportFile } from './render-report';
import type { TrackedJob } from './reconcile';
import { failLostSatellite } from './satellite-comparison';

/** A point task beats `updatedAt` while RUNNING; taken back, it is PENDING again with its results deleted. */
const pointTask: TrackedJob<'compute-point'> = {
  queue: 'compute-point',
  key: 'taskId',
  async beat(db, id, now) {
    await db
      .update(tasks)
      .set({ updatedAt: now })
      .where(and(eq(tasks.id, id), eq(tasks.status, 'RUNNING')));
  },
  takeBack: (db, cutoff) =>
    db.transaction(async (tx) => {
      const stale = and(eq(tasks.status, 'RUNNING'), lt(tasks.updatedAt, cutoff));
      // several tasks: locked first in id order, as every writer of several tasks does (db/task-locks.ts)
      const locked = await lockTasks(tx, stale);
      const rows = await tx
        .update(tasks)
        .set({ status: 'PENDING', progress: 0, updatedAt: new Date() })
        .where(and(lockedTasks(locked), stale))
        .returning({ id: tasks.id });
      for (const { id } of rows) await tx.delete(results).where(eq(results.taskId, id));
      return rows.map((row) => row.id);
    }),
  failLost: failLostTask,
};

/** A planning in flight is PENDING (queued) or RUNNING; its job starts the simulation from the beginning. */
const planning: TrackedJob<'simulate-planning'> = {
  queue: 'simulate-planning',
  key: 'planningId',
  async beat(db, id, now) {
    await db
      .update(plannings)
      .set({ heartbeatAt: now })
      .where(and(eq(plannings.id, id), inArray(plannings.status, ['PENDING', 'RUNNING'])));
  },
  async takeBack(db, cutoff) {
    const rows = await db
      .update(plannings)
      .set({ heartbeatAt: null, progress: 0 })
      .where(
        and(
          inArray(plannings.status, ['PENDING', 'RUNNING']),
          isNotNull(plannings.heartbeatAt),
          lt(plannings.heartbeatAt, cutoff),
        ),
      )
      .returning({ id: plannings.id });
    return rows.map((row) => row.id);
  },
  async failLost(services, id) {
    await services.db
      .update(plannings)
      .set({ status: 'FAILED', errorMessage: downtimeMessages.workerLost, computedAt: new Date() })
      .where(and(eq(plannings.id, id), inArray(plannings.status, ['PENDING', 'RUNNING'])));
  },
};

/** A report in flight is RUNNING; its job draws the whole PDF again, to a partial file renamed when whole. */
const report: TrackedJob<'render-report'> = {
  queue: 'render-report',
  key: 'reportId',
  async beat(db, id, now) {
    await db
      .update(reports)
      .set({ heartbeatAt: now })
      .where(and(eq(reports.id, id), eq(reports.status, 'RUNNING')));
  },
  async takeBack(db, cutoff) {
    const rows = await db
      .update(reports)
      .set({ heartbeatAt: null, progress: 0 })
      .where(
        and(eq(reports.status, 'RUNNING'), isNotNull(reports.heartbeatAt), lt(reports.heartbeatAt, cutoff)),
      )
      .returning({ id: reports.id });
    return rows.map((row) => row.id);
  },
  async failLost(services, id) {
    const [failed] = await services.db
      .update(reports)
      .set({ status: 'FAILED', error: reportMessages.workerLost })
      .where(and(eq(reports.id, id), eq(reports.status, 'RUNNING')))
      .returning({ jobId: reports.jobId });
    // the dead worker may have left the PDF half-written, or whole but not yet recorded
    const token = failed?.jobId;
    if (token)
      for (const name of [partialReportFile(id, token), reportFile(id, token)])
        await rm(path.join(reportsDir(services), name), { force: true });
  },
};

/** A contractors run in flight is PENDING (queued) or RUNNING; lost for good it is an ERROR at OUTPUTS. */
const contractorsRun: TrackedJob<'contractors-run'> = {
  queue: 'contractors-run',
  key: 'jobId',
  async beat(db, id, now) {
    await db
      .update(contractorJobs)
      .set({ heartbeatAt: now })
      .where(and(eq(contractorJobs.id, id), inArray(contractorJobs.status, ['PENDING', 'RUNNING'])));
  },
  async takeBack(db, cutoff) {
    const rows = await db
      .update(contractorJobs)
      .set({ heartbeatAt: null, progress: 0 })
      .where(
        and(
          inArray(contractorJobs.status, ['PENDING', 'RUNNING']),
          isNotNull(contractorJobs.heartbeatAt),
          lt(contractorJobs.heartbeatAt, cutoff),
        ),
      )
      .returning({ id: contractorJobs.id });
    return rows.map((row) => row.id);
  },
  async failLost(services, id) {
    await services.db
      .update(contractorJobs)
      .set({
        status: 'ERROR',
        step: 'OUTPUTS',
        errorMessage: contractorMessages.workerLost,
        computedAt: new Date(),
      })
      .where(and(eq(contractorJobs.id, id), inArray(contractorJobs.status, ['PENDING', 'RUNNING'])));
  },
};

/** A satellite comparison in flight is RUNNING (from its launch). */
const satellite: TrackedJob<'satellite-comparison'> = {
  queue: 'satellite-comparison',
  key: 'comparisonId',
  async beat(db, id, now) {
    await db
      .update(satelliteComparisons)
      .set({ heartbeatAt: now })
      .where(and(eq(satelliteComparisons.id, id), eq(satelliteComparisons.status, 'RUNNING')));
  },
  async takeBack(db, cutoff) {
    const rows = await db
      .update(satelliteComparisons)
      .set({ heartbeatAt: null })
      .where(
        and(
          eq(satelliteComparisons.status, 'RUNNING'),
          isNotNull(satelliteComparisons.heartbeatAt),
          lt(satelliteComparisons.heartbeatAt, cutoff),
        ),
      )
      .returning({ id: satelliteComparisons.id });
    return rows.map((row) => row.id);
  },
  failLost: failLostSatellite,
};

export const trackedJobs = { pointTask, planning, report, contractorsRun, satellite } as const;

/** Every kind, for the reconciler. */
export const allTrackedJobs: readonly TrackedJob[] = Object.values(trackedJobs) as TrackedJob[];
