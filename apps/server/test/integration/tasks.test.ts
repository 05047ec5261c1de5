import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectMessages, type Offer, type Project, type Task } from '@metocean/contracts';
import { encodePayload } from '../../src/db/payload';
import { offerInstances, results, tasks } from '../../src/db/schema';
import { BatchStopped } from '../../src/jobs/point-statistics';
import type { StatisticsPool } from '../../src/jobs/pool';
import type { StatisticJob } from '../../src/jobs/statistics-worker';
import { runPointTask, takeTask } from '../../src/jobs/compute-point';
import { eventually, startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
const credits = async (who: Actor) =>
  (await who.get<{ accounts: { credits: number }[] }>('/api/users/current/')).body.accounts[0]?.credits;
const offerNamed = async (who: Actor, name: string) => {
  const offer = (await who.get<Offer[]>('/api/offers/')).body.find((o) => o.name === name);
  if (!offer) throw new Error(`${who.username} has no offer ${name}`);
  return offer;
};

async function createProject(who: Actor, offerName: string, name: string, points: object[]) {
  const offer = await offerNamed(who, offerName);
  const created = await who.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer.id,
    zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
    points,
  });
  expect(created.status).toBe(201);
  return (await who.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
}

const draftFor = async (who: Actor, point: number) => (await who.post<Task>('/api/tasks/', { point })).body;

let project: Project;
const pointId = (index: number) => project.points[index]!.id;

beforeAll(async () => {
  // two statistics lanes whatever the machine: the worker takes two points at once
  server = await startTestServer({ STATISTICS_THREADS: '2' });
  manager = await server.as('manager');
  member = await server.as('member');
  standard = await server.as('standard');
  project = await createProject(manager, 'On Demand', 'Tasks_project', [
    { name: 'Alpha', lat: 53.324, lng: 1.32 },
    { name: 'Bravo', lat: 53.5, lng: 3 },
    { name: 'Charlie', lat: 54, lng: 4 },
  ]);
});
afterAll(() => server.stop());

describe('task flow', () => {
  it('creates a draft task for a point and reuses it; a draft leaves the project pending', async () => {
    const first = await manager.post<Task>('/api/tasks/', { point: pointId(0) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      point: pointId(0),
      status: 'PENDING',
      processType: '',
      document: null,
    });
    const again = await manager.post<Task>('/api/tasks/', { point: pointId(0) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await manager.get<Project>(`/api/projects/${project.id}/`)).body.status).toBe('PENDING');
    expect((await manager.get<Task[]>(`/api/tasks/?project=${project.id}`)).body).toEqual([]);
  });

  it('computes a task with the project rules: one credit, a second compute of the same draft changes nothing', async () => {
    const before = await credits(manager);
    const draft = await draftFor(manager, pointId(2));
    const [a, b] = await Promise.all([
      manager.put<Task>(`/api/tasks/${draft.id}/compute/?id=WW`),
      manager.put<Task>(`/api/tasks/${draft.id}/compute/?id=WW`),
    ]);
    expect([a.status, b.status].sort((x, y) => x - y)).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body).toMatchObject({ nonFieldErrors: [expect.any(String)] });
    expect(await credits(manager)).toBe(before! - 1);
    const started = (a.status === 200 ? a : b).body;
    expect(started).toMatchObject({ status: 'PENDING', processType: 'WW' });
    // The point is active: the project compute refuses rather than charging it twice.
    expect((await manager.put(`/api/projects/${project.id}/compute/`)).body).toEqual({
      nonFieldErrors: [projectMessages.running],
    });
    // Cancel: the credit of the uncomputed point comes back, once.
    const cancelled = await manager.put<Task>(`/api/tasks/${draft.id}/cancel/`);
    expect(cancelled.body.status).toBe('CANCELLED');
    await manager.put(`/api/tasks/${draft.id}/cancel/`);
    expect(await credits(manager)).toBe(before);
    // A cancelled task is not computed again: a new draft is.
    expect((await manager.put(`/api/tasks/${draft.id}/compute/?id=ALL`)).body).toEqual({
      nonFieldErrors: [projectMessages.taskStarted],
    });
    const listed = (await manager.get<Task[]>(`/api/tasks/?project=${project.id}`)).body;
    expect(listed).toEqual([
      expect.objectContaining({ id: draft.id, point: pointId(2), status: 'CANCELLED' }),
    ]);
  });

  it('refuses an unknown process type', async () => {
    const draft = await draftFor(manager, pointId(1));
    const answer = await manager.put(`/api/tasks/${draft.id}/compute/?id=NOPE`);
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('fieldErrors.id');
  });

  it('computes a point, reports progress and serves the result document once finished', async () => {
    const before = await credits(manager);
    const draft = await draftFor(manager, pointId(0));
    const started = await manager.put<Task>(`/api/tasks/${draft.id}/compute/?id=ALL`);
    expect(started.status).toBe(200);
    expect(await credits(manager)).toBe(before! - 1);
    expect((await manager.get(`/api/tasks/${draft.id}/download/`)).status).toBe(404);
    const list = await manager.until<Task[]>(
      `/api/tasks/?project=${project.id}`,
      (listed) => {
        const task = listed.find((t) => t.id === draft.id);
        expect(task?.progress).toBeGreaterThanOrEqual(0);
        return task !== undefined && ['FINISHED', 'FAILED'].includes(task.status);
      },
      { timeoutMs: 170_000, intervalMs: 1000 },
    );
    expect(list.find((t) => t.id === draft.id)).toMatchObject({
      status: 'FINISHED',
      progress: 100,
      document: `/api/tasks/${draft.id}/download/`,
    });
    const download = await manager.get<Record<string, unknown>>(`/api/tasks/${draft.id}/download/`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="Tasks_project_Alpha_statistics.json"',
    );
    const document = download.body as {
      project: { name: string };
      point: { name: string; lat: number };
      dataset: { name: string; zone: string };
      statistics: Record<string, { code: string }>;
    };
    expect(document.project.name).toBe('Tasks_project');
    expect(document.point).toMatchObject({ name: 'Alpha', lat: 53.324 });
    expect(document.dataset.zone).toBe('Southern North Sea');
    expect(typeof document.dataset.name).toBe('string');
    const codes = new Set(Object.values(document.statistics).map((s) => s.code));
    for (const code of ['EPD', 'DR', 'WW', 'EXT']) expect(codes).toContain(code);
    // The computed point's map popup: one overview row per variable and level, in the project.
    const detail = (await manager.get<Project>(`/api/projects/${project.id}/`)).body;
    const overview = detail.overviewStats[String(pointId(0))] ?? [];
    expect(overview.length).toBeGreaterThan(3);
    for (const row of overview) {
      // a direction: the circular mean (in [0, 360)) and std, no median (-999) (issue 21)
      if (row.circular) {
        expect(row.median).toBe(-999);
        expect(row.mean).toBeGreaterThanOrEqual(0);
        expect(row.mean).toBeLessThan(360);
        continue;
      }
      expect(row.min).toBeLessThanOrEqual(row.median);
      expect(row.median).toBeLessThanOrEqual(row.max);
      expect(row.min).toBeLessThanOrEqual(row.mean);
      expect(row.mean).toBeLessThanOrEqual(row.max);
      expect(row.std).toBeGreaterThanOrEqual(0);
    }
    expect(overview.map((row) => row.variable)).toContain('hs');
    expect(overview.some((row) => row.circular)).toBe(true);
    expect(overview).toContainEqual(
      expect.objectContaining({ variable: 'wind_speed', layer: '10 m', units: 'm s-1' }),
    );
    expect(detail.overviewStats[String(pointId(1))]).toBeUndefined();
    const stats = (await manager.get<{ statId: string }[]>(`/api/projects/${project.id}/stats/`)).body;
    expect(stats.some((s) => s.statId === 'OVERVIEW')).toBe(false);
    // Members of the project read it too.
    await manager.post(`/api/projects/${project.id}/update_collaborators/`, {
      collaborators: [(await member.get<{ id: number }>('/api/users/current/')).body.id],
    });
    expect((await member.get(`/api/tasks/${draft.id}/download/`)).status).toBe(200);
    // A computed point is done: a new draft for it has nothing to compute and costs nothing.
    const next = await draftFor(manager, pointId(0));
    expect((await manager.put(`/api/tasks/${next.id}/compute/`)).body).toEqual({
      nonFieldErrors: [projectMessages.nothingToCompute],
    });
    expect(await credits(manager)).toBe(before! - 1);
  }, 200_000);
});

describe('cancelling a running point', () => {
  it('stops a point cancelled while running: nothing stored once its job ends, the next point runs', async () => {
    const own = await createProject(manager, 'On Demand', 'Cancel_running', [
      { name: 'Echo', lat: 53.1, lng: 2.2 },
      { name: 'Foxtrot', lat: 53.7, lng: 2.8 },
    ]);
    const stored = async (taskId: number) =>
      (
        await server.runtime.services.db
          .select({ id: results.id })
          .from(results)
          .where(eq(results.taskId, taskId))
      ).length;
    const ownTasks = `/api/tasks/?project=${own.id}`;
    const taskOf = async (id: number) => (await manager.get<Task[]>(ownTasks)).body.find((t) => t.id === id);
    const often = { timeoutMs: 120_000, intervalMs: 50 };
    const first = await draftFor(manager, own.points[0]!.id);
    expect((await manager.put(`/api/tasks/${first.id}/compute/?id=ALL`)).status).toBe(200);
    // cancelled while its batches are being computed and stored (some results stored, not all)
    await manager.until<Task[]>(
      ownTasks,
      (list) => (list.find((t) => t.id === first.id)?.progress ?? 0) > 0,
      often,
    );
    expect((await manager.put<Task>(`/api/tasks/${first.id}/cancel/`)).body.status).toBe('CANCELLED');
    const atCancel = await stored(first.id);
    // the next point runs on the same worker: the cancelled point's batches in flight stopped unread
    const second = await draftFor(manager, own.points[1]!.id);
    expect((await manager.put(`/api/tasks/${second.id}/compute/?id=ALL`)).status).toBe(200);
    // jobs run one at a time: once the next point runs, the cancelled point's job has returned
    await manager.until<Task[]>(
      ownTasks,
      (list) => list.find((t) => t.id === second.id)?.status !== 'PENDING',
      often,
    );
    const afterJob = await stored(first.id);
    const next = (
      await manager.until<Task[]>(
        ownTasks,
        (list) => ['FINISHED', 'FAILED'].includes(list.find((t) => t.id === second.id)?.status ?? ''),
        { ...often, intervalMs: 250 },
      )
    ).find((t) => t.id === second.id);
    expect(next?.status).toBe('FINISHED');
    expect(await taskOf(first.id)).toMatchObject({ status: 'CANCELLED' });
    // what the cancelled point stored: what it had at the cancel (plus at most the batch being inserted
    // then), far from a whole point, and nothing more once its job returned (its batches in flight, stopped
    // or finished, are never stored)
    expect(atCancel).toBeGreaterThan(0);
    expect(afterJob).toBeGreaterThanOrEqual(atCancel);
    expect(await stored(first.id)).toBe(afterJob);
    expect(await stored(second.id)).toBeGreaterThan(afterJob);
  }, 150_000);
});

describe('a job taking its task', () => {
  it('takes it only while it is active: a cancel committed after the job read the task stays', async () => {
    const own = await createProject(manager, 'On Demand', 'Taken', [{ name: 'Echo', lat: 53.3, lng: 2.6 }]);
    const point = own.points[0]!.id;
    const draft = await draftFor(manager, point);
    const db = server.runtime.services.db;
    const status = async () =>
      (await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, draft.id)))[0]?.status;
    const storedResults = async () =>
      (await db.select({ id: results.id }).from(results).where(eq(results.taskId, draft.id))).length;
    const storeOne = () =>
      db.insert(results).values({
        taskId: draft.id,
        pointId: point,
        statId: 'EPD_hs',
        code: 'EPD',
        payload: encodePayload(JSON.stringify({ result: 1 })),
      });
    // cancelled between the job's read and its take (PUT /cancel/ while the job waited for a lane)
    await db.update(tasks).set({ status: 'CANCELLED' }).where(eq(tasks.id, draft.id));
    await storeOne();
    expect(await takeTask(db, draft.id)).toBe(false);
    expect(await status()).toBe('CANCELLED');
    expect(await storedResults()).toBe(1);
    // pending: taken, RUNNING; a retried job (still RUNNING from a lost attempt) starts clean
    for (const from of ['PENDING', 'RUNNING'] as const) {
      await db.update(tasks).set({ status: from }).where(eq(tasks.id, draft.id));
      if ((await storedResults()) === 0) await storeOne();
      expect(await takeTask(db, draft.id)).toBe(true);
      expect(await status()).toBe('RUNNING');
      expect(await storedResults()).toBe(0);
    }
  });
});

describe('a cancelled point and its batches in flight', () => {
  it('raises the stop flag its batches share when its job returns: the queued ones end unread', async () => {
    const own = await createProject(manager, 'On Demand', 'Stop_flag', [
      { name: 'Golf', lat: 53.2, lng: 2.4 },
    ]);
    // a draft is not queued: the job below is the only one to run the point
    const draft = await draftFor(manager, own.points[0]!.id);
    const db = server.runtime.services.db;
    const runs = ['hs', 'tp', 'tz'].map((field) => ({ id: 'EPD', target: { field } }));
    const flags: Int32Array[] = [];
    let stoppedBatches = 0;
    // A pool standing in for the worker thread: the point's first batch is answered once the task has been
    // cancelled (as PUT /cancel/ does while a statistic runs); the others wait, as queued batches do, until
    // the flag is raised, then end as the thread ends them (BatchStopped) — or give up after 10 s.
    const pool: StatisticsPool = {
      run: async (job) => {
        const { runs: batch, stop } = job as StatisticJob;
        if (!batch) return { runs };
        flags.push(stop!);
        if (flags.length === 1) {
          await db.update(tasks).set({ status: 'CANCELLED' }).where(eq(tasks.id, draft.id));
          return batch.map(() => encodePayload(JSON.stringify({ result: 1 })));
        }
        const deadline = Date.now() + 10_000;
        while (Atomics.load(stop!, 0) === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (Atomics.load(stop!, 0) !== 0) {
          stoppedBatches++;
          throw new BatchStopped();
        }
        return batch.map(() => encodePayload(JSON.stringify({ result: 2 })));
      },
      lanes: 1,
      claimLane: () => ({ index: 0, release: () => undefined }),
      close: () => Promise.resolve(),
    };
    await runPointTask(server.runtime.services, pool, draft.id, { retryCount: 0, retryLimit: 0 });
    // the three batches were posted together, with one flag, raised by the time the job returned
    expect(flags).toHaveLength(3);
    expect(new Set(flags).size).toBe(1);
    expect(Atomics.load(flags[0]!, 0)).toBe(1);
    await expect.poll(() => stoppedBatches, { timeout: 2_000 }).toBe(2);
    const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, draft.id));
    expect(row?.status).toBe('CANCELLED');
    expect(await db.select({ id: results.id }).from(results).where(eq(results.taskId, draft.id))).toEqual([]);
  });
});

describe('points computed at once', () => {
  it('run every job of a point in the lane it holds, one lane per point, released when it ends', async () => {
    const own = await createProject(manager, 'On Demand', 'Lanes', [
      { name: 'Hotel', lat: 53.2, lng: 2.4 },
      { name: 'India', lat: 53.6, lng: 2.9 },
    ]);
    const drafts = await Promise.all(own.points.map((point) => draftFor(manager, point.id)));
    const runs = ['hs', 'tp', 'tz'].map((field) => ({ id: 'EPD', target: { field } }));
    // a pool of two lanes standing in for the threads: it records the lane of each job of each point and
    // answers a point's plan only once both points hold a lane, so the two are in progress together
    const held = new Set<number>();
    const lanesOf = new Map<number, Set<number | undefined>>();
    let bothHeld!: () => void;
    const together = new Promise<void>((resolve) => (bothHeld = resolve));
    const pool: StatisticsPool = {
      lanes: 2,
      claimLane() {
        const index = [0, 1].find((k) => !held.has(k));
        if (index === undefined) throw new Error('no free lane');
        held.add(index);
        if (held.size === 2) bothHeld();
        return { index, release: () => held.delete(index) };
      },
      run: async (job, lane) => {
        const { lon, runs: batch } = job as StatisticJob;
        const lanes = lanesOf.get(lon) ?? new Set();
        lanesOf.set(lon, lanes.add(lane));
        if (!batch) {
          await together;
          return { runs };
        }
        return batch.map(() => encodePayload(JSON.stringify({ result: lane })));
      },
      close: () => Promise.resolve(),
    };
    const attempt = { retryCount: 0, retryLimit: 0 };
    await Promise.all(drafts.map((draft) => runPointTask(server.runtime.services, pool, draft.id, attempt)));
    // each point's plan and three batches in one lane, the two points in different lanes
    const lanes = [...lanesOf.values()];
    expect(lanes.map((set) => set.size)).toEqual([1, 1]);
    expect(new Set(lanes.flatMap((set) => [...set]))).toEqual(new Set([0, 1]));
    expect(held.size).toBe(0);
    const db = server.runtime.services.db;
    for (const draft of drafts) {
      const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, draft.id));
      expect(row?.status).toBe('FINISHED');
      expect(
        await db.select({ id: results.id }).from(results).where(eq(results.taskId, draft.id)),
      ).toHaveLength(3);
    }
  });

  it('computes two points of a project at once, each to the end, in the real threads', async () => {
    const own = await createProject(manager, 'On Demand', 'Two_lanes', [
      { name: 'Kilo', lat: 53.4, lng: 2.2 },
      { name: 'Lima', lat: 53.9, lng: 3.4 },
    ]);
    expect((await manager.put(`/api/projects/${own.id}/compute/`)).status).toBe(200);
    const db = server.runtime.services.db;
    const ids = own.points.map((point) => point.id);
    let together = 0;
    const mine = await eventually(
      async () => {
        const rows = await db.select({ point: tasks.pointId, status: tasks.status }).from(tasks);
        const ofProject = rows.filter((row) => ids.includes(row.point));
        together = Math.max(together, ofProject.filter((row) => row.status === 'RUNNING').length);
        return ofProject;
      },
      (rows) => rows.length === 2 && rows.every((row) => ['FINISHED', 'FAILED'].includes(row.status)),
      { timeoutMs: 170_000, intervalMs: 50 },
      'the tasks of both points ended',
    );
    expect(mine.map((row) => row.status)).toEqual(['FINISHED', 'FINISHED']);
    // a 40-year point takes seconds: the second job is taken (pg-boss polls every 0.5 s) while the first runs
    expect(together).toBe(2);
    const overviews = await db
      .select({ point: results.pointId })
      .from(results)
      .where(eq(results.statId, 'OVERVIEW'));
    expect(overviews.filter((row) => ids.includes(row.point))).toHaveLength(2);
  }, 200_000);

  it('release the lane of a point whose computation fails', async () => {
    const own = await createProject(manager, 'On Demand', 'Lane_failure', [
      { name: 'Juliett', lat: 53.3, lng: 2.5 },
    ]);
    const draft = await draftFor(manager, own.points[0]!.id);
    let released = 0;
    const pool: StatisticsPool = {
      lanes: 1,
      claimLane: () => ({ index: 0, release: () => void released++ }),
      run: () => Promise.reject(new Error('the node could not be read')),
      close: () => Promise.resolve(),
    };
    await runPointTask(server.runtime.services, pool, draft.id, { retryCount: 0, retryLimit: 0 });
    expect(released).toBe(1);
    const db = server.runtime.services.db;
    const [row] = await db
      .select({ status: tasks.status, error: tasks.error })
      .from(tasks)
      .where(eq(tasks.id, draft.id));
    expect(row).toEqual({ status: 'FAILED', error: 'the node could not be read' });
  });
});

describe('task permissions', () => {
  it('hides every task call from other customers', async () => {
    const draft = await draftFor(manager, pointId(1));
    expect((await standard.post('/api/tasks/', { point: pointId(1) })).status).toBe(404);
    expect((await standard.get(`/api/tasks/?project=${project.id}`)).status).toBe(404);
    for (const [method, path] of [
      ['PUT', `/api/tasks/${draft.id}/compute/`],
      ['PUT', `/api/tasks/${draft.id}/cancel/`],
      ['GET', `/api/tasks/${draft.id}/download/`],
    ] as const)
      expect((await standard.request(method, path)).status).toBe(404);
    expect((await server.anonymous.get('/api/tasks/?project=1')).status).toBe(401);
  });

  it('lets members read but not create, compute or cancel', async () => {
    const draft = await draftFor(manager, pointId(1));
    expect((await member.get(`/api/tasks/?project=${project.id}`)).status).toBe(200);
    expect((await member.post('/api/tasks/', { point: pointId(1) })).status).toBe(403);
    expect((await member.put(`/api/tasks/${draft.id}/compute/`)).status).toBe(403);
    expect((await member.put(`/api/tasks/${draft.id}/cancel/`)).status).toBe(403);
  });

  it('refuses downloads to offers without statistics download, with the upgrade message', async () => {
    const own = await createProject(standard, 'Standard Access', 'Standard_tasks', [
      { lat: 53.324, lng: 1.32 },
    ]);
    const draft = await draftFor(standard, own.points[0]!.id);
    const answer = await standard.get(`/api/tasks/${draft.id}/download/`);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ detail: projectMessages.downloadNeedsUpgrade });
  });

  it('refuses new tasks and computes once the offer has expired; the tasks stay readable', async () => {
    const own = await createProject(standard, 'Standard Access', 'Expiring_tasks', [{ lat: 53.5, lng: 3 }]);
    const draft = await draftFor(standard, own.points[0]!.id);
    const db = server.runtime.services.db;
    const [instance] = await db
      .select()
      .from(offerInstances)
      .where(eq(offerInstances.id, own.offerInstance.id));
    await db
      .update(offerInstances)
      .set({ offerEnd: new Date(Date.now() - 1000) })
      .where(eq(offerInstances.id, own.offerInstance.id));
    try {
      const expired = { nonFieldErrors: [projectMessages.offerExpired('Standard Access')] };
      expect((await standard.post('/api/tasks/', { point: own.points[0]!.id })).body).toEqual(expired);
      expect((await standard.put(`/api/tasks/${draft.id}/compute/`)).body).toEqual(expired);
      expect((await standard.put(`/api/tasks/${draft.id}/cancel/`)).body).toEqual(expired);
      expect((await standard.get(`/api/tasks/?project=${own.id}`)).status).toBe(200);
    } finally {
      await db
        .update(offerInstances)
        .set({ offerEnd: instance!.offerEnd })
        .where(eq(offerInstances.id, own.offerInstance.id));
    }
  });
});
