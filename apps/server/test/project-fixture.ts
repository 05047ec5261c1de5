// What the integration tests of a project's features (contractors, downtimes) share: a server whose demo
// manager has created the project under test, the demo callers, a regular user made a collaborator, and the
// project's offer ended for the time of a check.
import { eq } from 'drizzle-orm';
import type { Offer, Project } from '@metocean/contracts';
import { offerInstances, projectCollaborators, projects, users } from '../src/db/schema';
import { startTestServer, type Actor, type TestServer } from './harness';

export interface ProjectToCreate {
  /** The name of one of the caller's offers. */
  offer: string;
  /** The name of a zone of that offer. */
  zone: string;
  name: string;
  points: { name: string; lat: number; lng: number }[];
}

/** Creates the project over the API; resolves to its id, or throws with the answer unless 201. */
export async function createProject(who: Actor, project: ProjectToCreate): Promise<number> {
  const offer = (await who.get<Offer[]>('/api/offers/')).body.find((o) => o.name === project.offer);
  const zone = offer?.zones.find((z) => z.name === project.zone);
  if (!offer || !zone) throw new Error(`${who.username} has no offer ${project.offer} with ${project.zone}`);
  const created = await who.post<{ projectId: number }>('/api/projects/', {
    name: project.name,
    offerInstance: offer.id,
    zone: zone.id,
    points: project.points,
  });
  if (created.status !== 201)
    throw new Error(`the project ${project.name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.projectId;
}

/** The South China Sea node of real ERA5 waves (2000–2010) the tests of stored statistics compute. */
export const ERA5_NODE = { name: 'ERA5 node', lat: 15.51, lng: 109.94 };

/** A one-point On Demand project on the ERA5 node, created by `who`; resolves to its id. */
export const createEra5Project = (who: Actor, name: string): Promise<number> =>
  createProject(who, { offer: 'On Demand', zone: 'South China Sea', name, points: [ERA5_NODE] });

/** Computes the project's points; resolves to the project once FINISHED, throws if it ends otherwise. */
export async function computeProject(who: Actor, projectId: number): Promise<Project> {
  await who.put(`/api/projects/${projectId}/compute/`);
  const project = await who.until<Project>(
    `/api/projects/${projectId}/`,
    (p) => ['FINISHED', 'FAILED'].includes(p.status),
    { timeoutMs: 170_000, intervalMs: 1000 },
  );
  if (project.status !== 'FINISHED') throw new Error(`compute ended ${project.status}`);
  return project;
}

export interface ServerWithProject {
  server: TestServer;
  /** The demo customer's manager, who created the project. */
  manager: Actor;
  /** A regular user of the same customer, not a collaborator of the project. */
  member: Actor;
  /** The manager of another customer. */
  standard: Actor;
  projectId: number;
}

/** A fresh test server, its demo callers, and the project created by its manager. */
export async function startServerWithProject(project: ProjectToCreate): Promise<ServerWithProject> {
  const server = await startTestServer();
  const manager = await server.as('manager');
  const member = await server.as('member');
  const standard = await server.as('standard');
  const projectId = await createProject(manager, project);
  return { server, manager, member, standard, projectId };
}

/** Makes the user a collaborator of the project, straight in the database. */
export async function addCollaborator(
  server: TestServer,
  projectId: number,
  username: string,
): Promise<void> {
  const { db } = server.runtime.services;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  await db.insert(projectCollaborators).values({ projectId, userId: user.id });
}

/** Runs `check` while the project's offer has ended (since yesterday), then gives the offer its end back. */
export async function whileOfferEnded(
  server: TestServer,
  projectId: number,
  check: () => Promise<void>,
): Promise<void> {
  const { db } = server.runtime.services;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project?.offerInstanceId) throw new Error(`no project ${projectId} under an offer`);
  const instance = eq(offerInstances.id, project.offerInstanceId);
  const [offer] = await db.select().from(offerInstances).where(instance);
  const { offerEnd } = offer!;
  await db
    .update(offerInstances)
    .set({ offerEnd: new Date(Date.now() - 86_400_000) })
    .where(instance);
  try {
    await check();
  } finally {
    await db.update(offerInstances).set({ offerEnd }).where(instance);
  }
}
