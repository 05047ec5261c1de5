// kill -9 of the server in the middle of a computation, then a restart (issue 23): with the default
// settings, the interrupted task is re-queued within one minute of the restart (the reconciler finds its
// heartbeat stopped and fails its pg-boss job, which pg-boss retries; the job's own expiry is 15 minutes
// away), then computed from a clean state; the project and its computation end FINISHED, the credit is
// charged once. The server runs as a real child process (tsx on src/main.ts) and gets SIGKILL.
import { afterAll, describe, expect, it } from 'vitest';
import type { Offer, Project, Task } from '@metocean/contracts';
import { call, freePort, signIn, startChildServer, type ChildServer } from '../child-server';
import { eventually, freshStore } from '../harness';

// a copy of the suite's seeded demo (and on the PostgreSQL run a database of this file's own), as the harness
// gives every other file: the first start finds it seeded
const store = await freshStore();
const servers: ChildServer[] = [];
afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await store.drop();
});

async function startServer(port: number) {
  const server = await startChildServer(port, { dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  servers.push(server);
  return server.child;
}

describe('kill -9 mid-computation', () => {
  it('re-queues the interrupted task within a minute of the restart and finishes it', async () => {
    const port = await freePort();
    const first = await startServer(port);
    let token = await signIn(port);
    const offer = (await call<Offer[]>(port, 'GET', '/api/offers/', token)).body.find(
      (o) => o.name === 'On Demand',
    )!;
    const created = await call<{ projectId: number }>(port, 'POST', '/api/projects/', token, {
      name: 'Kill_test',
      offerInstance: offer.id,
      zone: offer.zones.find((z) => z.name === 'Southern North Sea')?.id,
      points: [{ lat: 53.324, lng: 1.32 }],
    });
    expect(created.status).toBe(201);
    const projectId = created.body.projectId;
    const tasksOf = async () =>
      (await call<Task[]>(port, 'GET', `/api/tasks/?project=${projectId}`, token)).body;
    expect((await call(port, 'PUT', `/api/projects/${projectId}/compute/`, token)).status).toBe(200);
    const [running] = await eventually(tasksOf, ([t]) => t?.status === 'RUNNING', {
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    // nothing answers any more: the server process itself is gone
    expect(
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');

    const restarted = Date.now();
    await startServer(port);
    token = await signIn(port);
    // Re-queued: the task leaves the killed attempt (PENDING again, or already a new attempt's progress
    // below the one it had, or done) within one minute of the restart.
    await eventually(
      tasksOf,
      ([t]) => t !== undefined && (t.status !== 'RUNNING' || t.progress < running!.progress),
      { timeoutMs: 60_000 - (Date.now() - restarted), intervalMs: 250 },
      'the re-queue of the interrupted task',
    );
    expect(Date.now() - restarted).toBeLessThan(60_000);
    const [done] = await eventually(tasksOf, ([t]) => ['FINISHED', 'FAILED'].includes(t?.status ?? ''), {
      timeoutMs: 300_000,
      intervalMs: 1000,
    });
    expect(done).toMatchObject({ status: 'FINISHED', error: '' });
    const project = (await call<Project>(port, 'GET', `/api/projects/${projectId}/`, token)).body;
    expect(project.status).toBe('FINISHED');
    expect(project.computations.map((c) => c.status)).toEqual(['FINISHED']);
  }, 600_000);
});
