// One heartbeat and reconcile rule for every kind of job (issue 29, finding 8). A row in flight whose
// heartbeat stopped (its worker died) is taken back: with an attempt left its pg-boss job is failed so that
// pg-boss retries it from a clean state; on the last attempt, or with no job left at all, the row ends FAILED
// (ERROR for a contractors run) with its "worker lost" message. A row whose job waits for a worker, or whose
// heartbeat is fresh, is left alone. Before the fix only point tasks were reconciled: a planning, a report, a
// contractors run or a satellite comparison stayed RUNNING until pg-boss's expiry (15–30 min).
// The runtime here has the API role only (no worker takes the jobs) and the pass is called directly.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractorMessages,
  downtimeMessages,
  projectMessages,
  reportMessages,
  satelliteMessages,
} from '@metocean/contracts';
import { loadConfig } from '../../src/config';
import { contractorJobs, plannings, points, reports, satelliteComparisons, tasks } from '../../src/db/schema';
import type { JobName } from '../../src/jobs/queue';
import { reconcileJobs, withHeartbeat, type LostJob, type ReconcileSettings } from '../../src/jobs/reconcile';
import { partialReportFile } from '../../src/jobs/render-report';
import { allTrackedJobs, trackedJobs } from '../../src/jobs/tracked-jobs';
import { startRuntime, type Runtime } from '../../src/runtime';
import { reportsDir } from '../../src/services/reports';
import { DEMO_PASSWORD, freshPostgres } from '../harness';

const settings: ReconcileSettings = { heartbeatSeconds: 1, staleSeconds: 20, intervalSeconds: 5 };
const dataDir = mkdtempSync(path.join(tmpdir(), 'metocean-reconcile-'));
let runtime: Runtime;
let dropDatabase: (() => Promise<void>) | undefined;
let projectId = 0;
let pointId = 0;

beforeAll(async () => {
  const database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  if (database) dropDatabase = () => database.drop();
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const logger = pino({ level: 'silent' }) as FastifyBaseLogger;
  runtime = await startRuntime(config, { role: 'api', seed: 'always', logger, serveWeb: false });
  const [point] = await runtime.services.db.select().from(points).limit(1);
  projectId = point!.projectId;
  pointId = point!.id;
}, 180_000);
afterAll(async () => {
  await runtime?.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);

/** A pg-boss job of `name` for the row, in `state`, at attempt `retryCount` of `retryLimit`. */
async function bossJob(
  name: JobName,
  data: Record<string, unknown>,
  state: 'created' | 'active',
  retryCount: number,
  retryLimit = 1,
): Promise<string> {
  const { rows } = await runtime.services.database.executeSql(
    `INSERT INTO pgboss.job (name, data, state, retry_count, retry_limit, started_on)
     VALUES ($1, $2::jsonb, $3::pgboss.job_state, $4, $5, CASE WHEN $3 = 'active' THEN now() END)
     RETURNING id`,
    [name, JSON.stringify(data), state, retryCount, retryLimit],
  );
  return String(rows[0]!.id);
}

async function bossState(id: string): Promise<string> {
  const { rows } = await runtime.services.database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [
    id,
  ]);
  return String(rows[0]?.state);
}

/** One row of each kind in flight with the heartbeat given; answers their ids. */
async function rowsInFlight(heartbeat: Date | null) {
  const db = runtime.services.db;
  const [planning] = await db
    .insert(plannings)
    .values({
      projectId,
      name: 'lost plan',
      fileName: 'plan.xlsx',
      document: '',
      settings: {},
      points: [],
      status: 'RUNNING',
      progress: 60,
      heartbeatAt: heartbeat,
    })
    .returning();
  const [report] = await db
    .insert(reports)
    .values({ projectId, name: 'lost report', status: 'RUNNING', jobId: `token-${Date.now()}`, progress: 40 })
    .returning();
  await db.update(reports).set({ heartbeatAt: heartbeat }).where(eq(reports.id, report!.id));
  // one contractors job per project: the one of this project, put in flight
  await db.delete(contractorJobs).where(eq(contractorJobs.projectId, projectId));
  const [run] = await db
    .insert(contractorJobs)
    .values({
      projectId,
      parameters: {},
      step: 'RUN',
      status: 'RUNNING',
      progress: 50,
      heartbeatAt: heartbeat,
    })
    .returning();
  // one comparison in flight per point
  await db.delete(satelliteComparisons).where(eq(satelliteComparisons.pointId, pointId));
  const [comparison] = await db
    .insert(satelliteComparisons)
    .values({ name: 'lost comparison', projectId, pointId, status: 'RUNNING', heartbeatAt: heartbeat })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({ pointId, status: 'RUNNING', progress: 70, updatedAt: heartbeat ?? new Date() })
    .returning();
  return {
    planning: planning!.id,
    report: report!.id,
    reportToken: report!.jobId!,
    run: run!.id,
    comparison: comparison!.id,
    task: task!.id,
  };
}

async function statuses(ids: Awaited<ReturnType<typeof rowsInFlight>>) {
  const db = runtime.services.db;
  const [planning] = await db.select().from(plannings).where(eq(plannings.id, ids.planning));
  const [report] = await db.select().from(reports).where(eq(reports.id, ids.report));
  const [run] = await db.select().from(contractorJobs).where(eq(contractorJobs.id, ids.run));
  const [comparison] = await db
    .select()
    .from(satelliteComparisons)
    .where(eq(satelliteComparisons.id, ids.comparison));
  const [task] = await db.select().from(tasks).where(eq(tasks.id, ids.task));
  return { planning: planning!, report: report!, run: run!, comparison: comparison!, task: task! };
}

async function jobsFor(
  ids: Awaited<ReturnType<typeof rowsInFlight>>,
  state: 'created' | 'active',
  retryCount: number,
) {
  return {
    planning: await bossJob('simulate-planning', { planningId: ids.planning }, state, retryCount),
    report: await bossJob(
      'render-report',
      { reportId: ids.report, token: ids.reportToken },
      state,
      retryCount,
    ),
    run: await bossJob('contractors-run', { jobId: ids.run }, state, retryCount),
    comparison: await bossJob('satellite-comparison', { comparisonId: ids.comparison }, state, retryCount),
    task: await bossJob('compute-point', { taskId: ids.task }, state, retryCount),
  };
}

const mine = (ids: Awaited<ReturnType<typeof rowsInFlight>>) => (lost: LostJob[]) =>
  lost.filter(
    (l) =>
      (l.queue === 'simulate-planning' && l.id === ids.planning) ||
      (l.queue === 'render-report' && l.id === ids.report) ||
      (l.queue === 'contractors-run' && l.id === ids.run) ||
      (l.queue === 'satellite-comparison' && l.id === ids.comparison) ||
      (l.queue === 'compute-point' && l.id === ids.task),
  );

describe('the reconciler, for every kind of job', () => {
  it('retries a job whose heartbeat stopped while it has an attempt left', async () => {
    const ids = await rowsInFlight(ago(60));
    const jobs = await jobsFor(ids, 'active', 0);
    const lost = mine(ids)(await reconcileJobs(runtime.services, allTrackedJobs, settings));
    expect(lost.map((l) => l.outcome)).toEqual(['retried', 'retried', 'retried', 'retried', 'retried']);
    for (const id of Object.values(jobs)) expect(await bossState(id)).toBe('retry');
    const rows = await statuses(ids);
    // back to waiting for a worker, still in flight, no heartbeat until a worker takes it again
    expect([rows.planning.status, rows.planning.heartbeatAt]).toEqual(['RUNNING', null]);
    expect([rows.report.status, rows.report.heartbeatAt]).toEqual(['RUNNING', null]);
    expect([rows.run.status, rows.run.heartbeatAt]).toEqual(['RUNNING', null]);
    expect([rows.comparison.status, rows.comparison.heartbeatAt]).toEqual(['RUNNING', null]);
    expect([rows.task.status, rows.task.progress]).toEqual(['PENDING', 0]);
    // taken once: a second pass finds nothing of these
    expect(mine(ids)(await reconcileJobs(runtime.services, allTrackedJobs, settings))).toEqual([]);
  });

  it('fails the row with its message on the last attempt, and removes a half-written report', async () => {
    const ids = await rowsInFlight(ago(60));
    const jobs = await jobsFor(ids, 'active', 1);
    mkdirSync(reportsDir(runtime.services), { recursive: true });
    const partial = path.join(reportsDir(runtime.services), partialReportFile(ids.report, ids.reportToken));
    writeFileSync(partial, '%PDF-1.7 half');
    const lost = mine(ids)(await reconcileJobs(runtime.services, allTrackedJobs, settings));
    expect(lost.map((l) => l.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    for (const id of Object.values(jobs)) expect(await bossState(id)).toBe('failed');
    const rows = await statuses(ids);
    expect([rows.planning.status, rows.planning.errorMessage]).toEqual([
      'FAILED',
      downtimeMessages.workerLost,
    ]);
    expect([rows.report.status, rows.report.error]).toEqual(['FAILED', reportMessages.workerLost]);
    expect([rows.run.status, rows.run.step, rows.run.errorMessage]).toEqual([
      'ERROR',
      'OUTPUTS',
      contractorMessages.workerLost,
    ]);
    expect([rows.comparison.status, rows.comparison.errorMessage]).toEqual([
      'FAILED',
      satelliteMessages.workerLost,
    ]);
    expect([rows.task.status, rows.task.error]).toEqual(['FAILED', projectMessages.computationLost]);
    expect(existsSync(partial)).toBe(false);
  });

  it('fails a row in flight whose job is gone (expired and failed by pg-boss)', async () => {
    const ids = await rowsInFlight(ago(60));
    const lost = mine(ids)(await reconcileJobs(runtime.services, allTrackedJobs, settings));
    expect(lost.map((l) => l.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    const rows = await statuses(ids);
    expect([rows.planning.status, rows.report.status, rows.run.status]).toEqual([
      'FAILED',
      'FAILED',
      'ERROR',
    ]);
    expect([rows.comparison.status, rows.task.status]).toEqual(['FAILED', 'FAILED']);
  });

  it('leaves alone a row whose heartbeat is fresh, and one whose job waits for a worker', async () => {
    const fresh = await rowsInFlight(ago(5));
    await jobsFor(fresh, 'active', 0);
    expect(mine(fresh)(await reconcileJobs(runtime.services, allTrackedJobs, settings))).toEqual([]);
    expect((await statuses(fresh)).planning.heartbeatAt).not.toBeNull();
    // queued (no heartbeat yet: no worker took it); a point task waits as PENDING
    const queued = await rowsInFlight(null);
    await runtime.services.db.update(tasks).set({ status: 'PENDING' }).where(eq(tasks.id, queued.task));
    const waiting = await jobsFor(queued, 'created', 0);
    expect(mine(queued)(await reconcileJobs(runtime.services, allTrackedJobs, settings))).toEqual([]);
    for (const id of Object.values(waiting)) expect(await bossState(id)).toBe('created');
    const rows = await statuses(queued);
    expect([rows.planning.status, rows.report.status, rows.run.status, rows.comparison.status]).toEqual([
      'RUNNING',
      'RUNNING',
      'RUNNING',
      'RUNNING',
    ]);
  });

  it('withHeartbeat beats at once and while the work runs, only on a row in flight', async () => {
    const ids = await rowsInFlight(ago(600));
    const db = runtime.services.db;
    const beatOf = async () =>
      (await db.select().from(plannings).where(eq(plannings.id, ids.planning)))[0]!.heartbeatAt!.getTime();
    const before = Date.now();
    let seenDuring = 0;
    await withHeartbeat(runtime.services, trackedJobs.planning, ids.planning, settings, async () => {
      seenDuring = await beatOf();
      await new Promise((resolve) => setTimeout(resolve, 1500));
    });
    // the first beat comes before the work starts, the next one a heartbeat later
    expect(seenDuring).toBeGreaterThanOrEqual(before - 1000);
    expect(await beatOf()).toBeGreaterThan(seenDuring);
    // an ended row is not beaten
    await db
      .update(plannings)
      .set({ status: 'FINISHED', heartbeatAt: ago(600) })
      .where(eq(plannings.id, ids.planning));
    await withHeartbeat(runtime.services, trackedJobs.planning, ids.planning, settings, () =>
      Promise.resolve(),
    );
    expect(await beatOf()).toBeLessThan(Date.now() - 500_000);
  });
});
