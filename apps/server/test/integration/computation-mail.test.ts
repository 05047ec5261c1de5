// The compute confirmation promises "a message is sent to {email} when it is done" (spec 000 §4): the user
// who launched a computation gets one mail once its last point settles, with the project link and each
// point's outcome; a computation cancelled whole sends none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Offer, Project, Task } from '@metocean/contracts';
import { computations } from '../../src/db/schema';
import { linkIn, startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let email: string;

async function createProject(name: string, points: object[]): Promise<Project> {
  const offer = (await manager.get<Offer[]>('/api/offers/')).body.find((o) => o.name === 'On Demand');
  const created = await manager.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer?.id,
    zone: offer?.zones.find((z) => z.name === 'Southern North Sea')?.id,
    points,
  });
  expect(created.status).toBe(201);
  return (await manager.get<Project>(`/api/projects/${created.body.projectId}/`)).body;
}

const computationStatus = async (projectId: number) =>
  (
    await server.runtime.services.db
      .select({ status: computations.status })
      .from(computations)
      .where(eq(computations.projectId, projectId))
  ).map((c) => c.status);

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  email = (await manager.get<{ email: string }>('/api/users/current/')).body.email;
});
afterAll(() => server.stop());

describe('the computation-done mail', () => {
  it('is sent once the last point settles, to the launcher, with the link and each outcome', async () => {
    const project = await createProject('Mail_project', [
      { name: 'Alpha', lat: 53.324, lng: 1.32 },
      { name: 'Bravo', lat: 53.5, lng: 3 },
    ]);
    const since = server.mailCount();
    expect((await manager.put(`/api/projects/${project.id}/compute/`)).status).toBe(200);
    const tasksPath = `/api/tasks/?project=${project.id}`;
    const bravo = (await manager.get<Task[]>(tasksPath)).body.find((t) => t.point === project.points[1]!.id);
    expect((await manager.put<Task>(`/api/tasks/${bravo!.id}/cancel/`)).body.status).toBe('CANCELLED');
    // one point still to compute: no mail yet
    expect(server.mailCount()).toBe(since);
    await manager.until<Task[]>(
      tasksPath,
      (list) => list.every((t) => ['FINISHED', 'FAILED', 'CANCELLED'].includes(t.status)),
      { timeoutMs: 170_000, intervalMs: 1000 },
    );
    const mail = await server.waitForMail(email, since);
    expect(mail).toContain('The computation you launched on Mail_project has ended: 1 of 2 points computed.');
    expect(mail).toContain('- Alpha: computed');
    expect(mail).toContain('- Bravo: cancelled');
    expect(linkIn(mail, `/project/${project.id}/`).pathname).toBe(`/project/${project.id}/analyze`);
    expect(await computationStatus(project.id)).toEqual(['FINISHED']);
    // exactly one message for the computation
    expect(server.mailCount()).toBe(since + 1);
  }, 200_000);

  it('is not sent for a computation cancelled whole; its status is recorded', async () => {
    const project = await createProject('Mail_cancelled', [{ name: 'Charlie', lat: 54, lng: 4 }]);
    const since = server.mailCount();
    expect((await manager.put(`/api/projects/${project.id}/compute/`)).status).toBe(200);
    expect((await manager.put(`/api/projects/${project.id}/cancel/`)).status).toBe(200);
    expect(await computationStatus(project.id)).toEqual(['CANCELLED']);
    expect(server.mailCount()).toBe(since);
  });
});
