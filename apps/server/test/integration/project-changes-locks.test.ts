// Writers of several task rows against a worker writing its task's progress (issue 34, session 31). With the
// project's revision moved by a row lock on `projects` (the held-back design of session 30), a cancel held
// the project row after its first task and waited for the next, while the worker's progress update held that
// task and waited for the project row: PostgreSQL aborted one of them ('deadlock detected'), a cancel answered
// 500 or the worker's job lost an attempt. The revision is now a change log appended without a lock
// (db/project-changes.ts), and the multi-row writers take their task rows in id order first (compute.ts,
// tracked-jobs.ts). On PostgreSQL (DATABASE_URL, the PostgreSQL lane) the writers below run on connections of
// their own, side by side; on the embedded database they interleave on its one connection, and the same
// assertions hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer, Project } from '@metocean/contracts';
import { compactProjectChanges } from '../../src/db/project-changes';
import { trackedJobs } from '../../src/jobs/tracked-jobs';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let projectId: number;
let pointIds: number[];

const sql = (text: string, values?: unknown[]) => server.runtime.services.database.executeSql(text, values);
const revision = async () =>
  Number(
    (
      await sql('SELECT coalesce(sum(writes), 0) AS r FROM project_changes WHERE project_id = $1', [
        projectId,
      ])
    ).rows[0]!.r,
  );

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  const offers = (await manager.get<Offer[]>('/api/offers/')).body;
  // an offer whose points cost credits: the cancel gives them back in its transaction, as in production
  const offer = offers.find((o) => o.name === 'On Demand')!;
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name: 'Lock_order',
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')!.id,
    points: [
      { name: 'A', lat: 53.3, lng: 1.3 },
      { name: 'B', lat: 53.6, lng: 2.1 },
      { name: 'C', lat: 53.4, lng: 1.8 },
      { name: 'D', lat: 53.5, lng: 1.5 },
      { name: 'E', lat: 53.2, lng: 2.4 },
      { name: 'F', lat: 53.7, lng: 1.9 },
    ],
  });
  expect(created.status).toBe(201);
  projectId = created.body.projectId;
  pointIds = (await manager.get<Project>(`/api/projects/${projectId}/`)).body.points.map((p) => p.id);
  expect(pointIds).toHaveLength(6);
});
afterAll(() => server.stop());

/** A computation of the project with one RUNNING task per point, as the workers have it mid-way. */
async function runningComputation(): Promise<number[]> {
  const computation = await sql(
    `INSERT INTO computations (project_id, credits, status) VALUES ($1, 0, 'RUNNING') RETURNING id`,
    [projectId],
  );
  const computationId = Number(computation.rows[0]!.id);
  const taskIds: number[] = [];
  for (const pointId of pointIds) {
    const task = await sql(
      `INSERT INTO tasks (point_id, computation_id, process_type, status, progress)
       VALUES ($1, $2, 'STATISTICS', 'RUNNING', 0) RETURNING id`,
      [pointId, computationId],
    );
    taskIds.push(Number(task.rows[0]!.id));
  }
  return taskIds;
}

/**
 * A worker per task writing its progress as compute-point.ts does (one statement per batch, a batch every
 * millisecond or so: far more often than a real one) until its task is no longer RUNNING; answers the errors
 * its statements met (none expected) and how many it wrote.
 */
function progressWriters(taskIds: number[]): {
  done: Promise<void>;
  errors: unknown[];
  writes: () => number;
} {
  const errors: unknown[] = [];
  let writes = 0;
  const writer = async (taskId: number) => {
    for (let step = 1; step < 5_000; step++) {
      try {
        const answer = await sql(
          `UPDATE tasks SET progress = $2, updated_at = now() WHERE id = $1 AND status = 'RUNNING' RETURNING id`,
          [taskId, step % 100],
        );
        if (answer.rows.length === 0) return;
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
      } catch (error) {
        errors.push(error);
        return;
      }
    }
  };
  return { done: Promise.all(taskIds.map(writer)).then(() => undefined), errors, writes: () => writes };
}

/** Resolves once the writers have written `count` updates between them (they are under way). */
async function underWay(writers: { writes: () => number; errors: unknown[] }, count: number) {
  while (writers.writes() < count && writers.errors.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('writers of several task rows beside the workers writing progress', () => {
  it('cancels a computation while its workers write progress, 25 times: no 500, no failed write', async () => {
    for (let round = 0; round < 25; round++) {
      const taskIds = await runningComputation();
      const before = await revision();
      const writers = progressWriters(taskIds);
      await underWay(writers, 6);
      const cancel = await manager.put<Project>(`/api/projects/${projectId}/cancel/`, {});
      await writers.done;
      expect(writers.errors, `round ${round}`).toEqual([]);
      expect(cancel.status, `round ${round}: ${JSON.stringify(cancel.body)}`).toBe(200);
      const statuses = await sql(`SELECT status FROM tasks WHERE id = ANY($1::int[])`, [taskIds]);
      expect(statuses.rows.map((r) => r.status)).toEqual(taskIds.map(() => 'CANCELLED'));
      // the cancel's answer, and the next read, show every task cancelled
      expect(cancel.body.status).toBe('CANCELLED');
      expect((await manager.get<Project>(`/api/projects/${projectId}/`)).body.status).toBe('CANCELLED');
      expect(await revision()).toBeGreaterThan(before);
    }
  });

  it('takes back stale tasks (the reconciler) while their workers write progress, 25 times', async () => {
    for (let round = 0; round < 25; round++) {
      const taskIds = await runningComputation();
      const writers = progressWriters(taskIds);
      await underWay(writers, 6);
      // a cutoff ahead of now: every RUNNING task counts as stale, as after a lost worker
      const taken = await trackedJobs.pointTask.takeBack(
        server.runtime.services.db,
        new Date(Date.now() + 60_000),
      );
      await writers.done;
      expect(writers.errors, `round ${round}`).toEqual([]);
      // (with any other RUNNING task of the database: none of this file's)
      expect(taken).toEqual(expect.arrayContaining(taskIds));
      const statuses = await sql(`SELECT status FROM tasks WHERE id = ANY($1::int[])`, [taskIds]);
      expect(statuses.rows.map((r) => r.status)).toEqual(taskIds.map(() => 'PENDING'));
      expect((await manager.get<Project>(`/api/projects/${projectId}/`)).body.status).toBe('PENDING');
      // out of the way of the next round
      await sql(`UPDATE tasks SET status = 'CANCELLED' WHERE id = ANY($1::int[])`, [taskIds]);
    }
  });

  it('compacts the change log while writers append to it: the revision never goes back, and counts each write', async () => {
    const taskIds = await runningComputation();
    const start = await revision();
    const writers = progressWriters(taskIds);
    let compactions = 0;
    let last = start;
    await underWay(writers, 6);
    for (let round = 0; round < 20; round++) {
      if (await compactProjectChanges(server.runtime.services.db)) compactions += 1;
      const now = await revision();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
    await sql(`UPDATE tasks SET status = 'CANCELLED' WHERE id = ANY($1::int[])`, [taskIds]);
    await writers.done;
    expect(writers.errors).toEqual([]);
    expect(compactions).toBeGreaterThan(0);
    // every progress write and the six cancels counted once, whatever the compactions folded meanwhile
    expect(await revision()).toBe(start + writers.writes() + taskIds.length);
    await compactProjectChanges(server.runtime.services.db);
    const rows = await sql('SELECT count(*) AS n FROM project_changes WHERE project_id = $1', [projectId]);
    expect(Number(rows.rows[0]!.n)).toBe(1);
    expect(await revision()).toBe(start + writers.writes() + taskIds.length);
  });
});
