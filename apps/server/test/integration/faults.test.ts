// A worker killed mid-job leaves no task stuck RUNNING (issue 5, faults). The kill is simulated on both
// databases the same way: the worker's runtime loses its database at once (no graceful end of the job),
// then a new runtime starts on the same DATA_DIR / database. pg-boss finds the job expired (a few seconds
// here, COMPUTE_JOB_EXPIRE_SECONDS) and retries it from a clean state, or, after its last retry, hands it
// to the dead-letter queue whose handler fails the task with a message.
import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { projectMessages, type Offer, type Project, type Task } from '@metocean/contracts';
import { loadConfig, type Config } from '../../src/config';
import { startRuntime, type Runtime } from '../../src/runtime';
import { customers, points, results, tasks } from '../../src/db/schema';
import { DEMO_PASSWORD, eventually, freshStore } from '../harness';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }) as FastifyBaseLogger;
const cleanups: (() => Promise<void>)[] = [];
const savedEnv = { ...process.env };

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  for (const name of ['COMPUTE_JOB_EXPIRE_SECONDS', 'COMPUTE_JOB_RETRY_LIMIT', 'JOB_MAINTENANCE_SECONDS'])
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
});

/** A copy of the suite's seeded demo (a data folder, and a database on the PostgreSQL run) and its config. */
async function freshConfig(): Promise<{ config: Config; seed: 'always' | 'never' }> {
  const store = await freshStore();
  cleanups.push(() => store.drop());
  const config = loadConfig({
    DATA_DIR: store.dataDir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  return { config, seed: store.seeded ? 'never' : 'always' };
}

async function inject<T>(
  runtime: Runtime,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  body?: object,
) {
  const answer = await runtime.app!.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: answer.statusCode, body: answer.json<T>() };
}

/** Starts a computation of one point and returns its task id once a worker has it RUNNING. */
async function computeUntilRunning(runtime: Runtime): Promise<{ taskId: number; token: string }> {
  const token = (
    await inject<{ accessToken: string }>(runtime, 'POST', '/api-auth/token/', undefined, {
      username: 'manager',
      password: DEMO_PASSWORD,
    })
  ).body.accessToken;
  const offer = (await inject<Offer[]>(runtime, 'GET', '/api/offers/', token)).body.find(
    (o) => o.name === 'On Demand',
  )!;
  const projectId = (
    await inject<{ projectId: number }>(runtime, 'POST', '/api/projects/', token, {
      name: 'Fault_test',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
      points: [{ lat: 53.324, lng: 1.32 }],
    })
  ).body.projectId;
  expect((await inject(runtime, 'PUT', `/api/projects/${projectId}/compute/`, token)).status).toBe(200);
  const [task] = await eventually(
    () =>
      runtime.services.db
        .select({ id: tasks.id, status: tasks.status })
        .from(tasks)
        .innerJoin(points, eq(points.id, tasks.pointId))
        .where(eq(points.projectId, projectId)),
    ([first]) => first?.status === 'RUNNING',
    { timeoutMs: 60_000, intervalMs: 50 },
    'a RUNNING task',
  );
  return { taskId: task!.id, token };
}

/**
 * The kill: the process loses its database at once, in the middle of the job; then its timers stop.
 * pg-boss then fails to record the end of the dead job (it does not await that write): in a killed
 * process nothing would run at all, so those rejections of the dead runtime are dropped here.
 */
async function kill(runtime: Runtime): Promise<void> {
  const dead = (reason: unknown) => {
    if (!(
      reason instanceof Error && /PGlite is closed|Cannot use a pool after calling end/.test(reason.message)
    ))
      throw reason;
  };
  process.on('unhandledRejection', dead);
  cleanups.push(async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.off('unhandledRejection', dead);
  });
  await runtime.services.database.close().catch(() => undefined);
  await runtime.stop().catch(() => undefined);
}

async function waitForTask(runtime: Runtime, taskId: number, seconds: number): Promise<Task> {
  const [row] = await eventually(
    () => runtime.services.db.select().from(tasks).where(eq(tasks.id, taskId)),
    ([ended]) => ended !== undefined && ['FINISHED', 'FAILED', 'CANCELLED'].includes(ended.status),
    { timeoutMs: seconds * 1000 },
    `the end of task ${taskId}`,
  );
  return {
    id: row!.id,
    point: row!.pointId,
    status: row!.status as Task['status'],
    processType: row!.processType,
    progress: row!.progress,
    error: row!.error,
    document: null,
  };
}

describe('a worker killed mid-job', () => {
  it('is retried from a clean state by the next worker: FINISHED, or FAILED with a message', async () => {
    process.env.COMPUTE_JOB_EXPIRE_SECONDS = '3';
    process.env.COMPUTE_JOB_RETRY_LIMIT = '2';
    process.env.JOB_MAINTENANCE_SECONDS = '1';
    const { config, seed } = await freshConfig();
    const first = await startRuntime(config, { role: 'all', seed, logger, serveWeb: false });
    const { taskId } = await computeUntilRunning(first);
    await kill(first);

    const second = await startRuntime(config, { role: 'all', seed: 'never', logger, serveWeb: false });
    cleanups.push(() => second.stop());
    const task = await waitForTask(second, taskId, 330);
    // Retried from a clean state: FINISHED when the retry fits in the (test-short) expiry; a retry slower
    // than the expiry is lost again and, after the last one, FAILED with a message — never RUNNING.
    if (task.status === 'FAILED') expect(task.error).not.toBe('');
    else expect(task.status).toBe('FINISHED');
    // One result per statistic id, no leftovers of the killed attempt.
    const stored = await second.services.db
      .select({ statId: results.statId })
      .from(results)
      .where(eq(results.taskId, taskId));
    if (task.status === 'FINISHED') expect(stored.length).toBeGreaterThan(0);
    expect(new Set(stored.map((r) => r.statId)).size).toBe(stored.length);
  }, 400_000);

  it('fails the task with a message when no retry is left — never stuck RUNNING', async () => {
    process.env.COMPUTE_JOB_EXPIRE_SECONDS = '2';
    process.env.COMPUTE_JOB_RETRY_LIMIT = '0';
    process.env.JOB_MAINTENANCE_SECONDS = '1';
    const { config, seed } = await freshConfig();
    const first = await startRuntime(config, { role: 'all', seed, logger, serveWeb: false });
    const creditsBefore = await first.services.db.select().from(customers).orderBy(asc(customers.id));
    const { taskId, token } = await computeUntilRunning(first);
    const charged = await first.services.db.select().from(customers).orderBy(asc(customers.id));
    await kill(first);

    const second = await startRuntime(config, { role: 'all', seed: 'never', logger, serveWeb: false });
    cleanups.push(() => second.stop());
    const task = await waitForTask(second, taskId, 60);
    expect(task).toMatchObject({ status: 'FAILED', error: projectMessages.computationLost });
    // the point lost is not paid for (issue 23): every account holds what it held before the compute
    expect(charged.map((c) => c.credits)).not.toEqual(creditsBefore.map((c) => c.credits));
    const creditsAfter = await second.services.db.select().from(customers).orderBy(asc(customers.id));
    expect(creditsAfter.map((c) => c.credits)).toEqual(creditsBefore.map((c) => c.credits));
    // the computation says what became of it
    const [row] = await second.services.db.select().from(tasks).where(eq(tasks.id, taskId));
    const [point] = await second.services.db.select().from(points).where(eq(points.id, row!.pointId));
    const project = await inject<Project>(second, 'GET', `/api/projects/${point!.projectId}/`, token);
    expect(project.body.status).toBe('FAILED');
    expect(project.body.computations.map((c) => c.status)).toEqual(['FAILED']);
    const left = await second.services.db.select().from(results).where(eq(results.taskId, taskId));
    expect(left).toEqual([]);
  }, 120_000);
});
