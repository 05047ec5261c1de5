// The My Team routes (spec 000 §2.10, §6, §7): get_projects_and_collaborators, invitations with project
// access and a collaborator's project list (update_projects, ours), each scoped to the caller's customer:
// managers act, members read, nobody changes their own access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  projectMessages,
  type Collaborator,
  type Offer,
  type ProjectListItem,
  type ProjectsAndCollaborators,
  type UserProjects,
} from '@metocean/contracts';
import { startTestServer, type Actor, type TestServer } from '../harness';

let server: TestServer;
let manager: Actor;
let member: Actor;
let standard: Actor;
let renewed: Actor;
let jacket = 0;
let cable = 0;
let theirs = 0;
let memberId = 0;
let managerId = 0;

const team = (who: Actor) =>
  who.get<ProjectsAndCollaborators>('/api/projects/get_projects_and_collaborators');
const idOf = (list: Collaborator[], username: string) => {
  const found = list.find((user) => user.username === username);
  if (!found) throw new Error(`no ${username} in ${list.map((u) => u.username).join(', ')}`);
  return found.id;
};

async function createProject(who: Actor, offerName: string, zoneName: string, name: string) {
  const offers = (await who.get<Offer[]>('/api/offers/')).body;
  const offer = offers.find((o) => o.name === offerName);
  const zone = offer?.zones.find((z) => z.name === zoneName);
  if (!offer || !zone) throw new Error(`${who.username} has no ${offerName} / ${zoneName}`);
  const created = await who.post<{ projectId: number }>('/api/projects/', {
    name,
    offerInstance: offer.id,
    zone: zone.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.projectId;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await server.as('manager');
  member = await server.as('member');
  standard = await server.as('standard');
  renewed = await server.as('renewed');
  jacket = await createProject(manager, 'On Demand', 'Bay of Biscay', 'Biscay_jacket');
  cable = await createProject(manager, 'On Demand', 'Bay of Biscay', 'Cable_route');
  theirs = await createProject(standard, 'Standard Access', 'Bay of Biscay', 'Their_project');
  const people = (await manager.get<Collaborator[]>('/api/users/')).body;
  memberId = idOf(people, 'member');
  managerId = idOf(people, 'manager');
}, 60_000);
afterAll(() => server.stop());

describe('GET /api/projects/get_projects_and_collaborators', () => {
  it("gives a manager every project of the account, by name, with its collaborators and the account's team", async () => {
    const answer = await team(manager);
    expect(answer.status).toBe(200);
    expect(answer.body.projects).toEqual([
      {
        id: jacket,
        name: 'Biscay_jacket',
        zoneName: 'Bay of Biscay',
        collaborators: [managerId],
        expired: false,
      },
      {
        id: cable,
        name: 'Cable_route',
        zoneName: 'Bay of Biscay',
        collaborators: [managerId],
        expired: false,
      },
    ]);
    // listed by last name, then first name: the seed's invitee has neither
    expect(answer.body.collaborators.map((user) => [user.username, user.role])).toEqual([
      ['invitee', 'pending'],
      ['manager', 'manager'],
      ['member', 'member'],
    ]);
    expect(answer.body.collaborators[0]).not.toHaveProperty('passwordHash');
  });

  it('gives a member only the projects they collaborate on, and another customer none of ours', async () => {
    expect((await team(member)).body.projects).toEqual([]);
    const other = (await team(standard)).body;
    expect(other.projects.map((p) => p.id)).toEqual([theirs]);
    expect(other.collaborators.map((user) => user.username)).toEqual(['standard']);
  });

  it('is refused without a session', async () => {
    expect((await server.anonymous.get('/api/projects/get_projects_and_collaborators')).status).toBe(401);
  });
});

describe('PUT /api/users/{id}/update_projects/', () => {
  it("sets a member's projects: the member then sees exactly those", async () => {
    const granted = await manager.put<UserProjects>(`/api/users/${memberId}/update_projects/`, {
      projects: [cable, jacket],
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({ projects: [jacket, cable].sort((a, b) => a - b) });
    expect((await member.get<ProjectListItem[]>('/api/projects/')).body.map((p) => p.name).sort()).toEqual([
      'Biscay_jacket',
      'Cable_route',
    ]);
    const mine = (await team(member)).body;
    expect(mine.projects.find((p) => p.id === jacket)?.collaborators).toEqual(
      [managerId, memberId].sort((a, b) => a - b),
    );

    const narrowed = await manager.put<UserProjects>(`/api/users/${memberId}/update_projects/`, {
      projects: [cable],
    });
    expect(narrowed.body).toEqual({ projects: [cable] });
    expect((await member.get<ProjectListItem[]>('/api/projects/')).body.map((p) => p.id)).toEqual([cable]);
    // The other way round (update_collaborators) sees the same links.
    expect((await team(manager)).body.projects.find((p) => p.id === jacket)?.collaborators).toEqual([
      managerId,
    ]);
  });

  it('is for managers only, of the same customer, never on oneself', async () => {
    const asMember = await member.put(`/api/users/${memberId}/update_projects/`, { projects: [] });
    expect(asMember.status).toBe(403);
    expect((await manager.put(`/api/users/${managerId}/update_projects/`, { projects: [] })).body).toEqual({
      nonFieldErrors: [messages.cannotChangeOwnProjects],
    });
    const standardId = idOf((await standard.get<Collaborator[]>('/api/users/')).body, 'standard');
    expect((await manager.put(`/api/users/${standardId}/update_projects/`, { projects: [] })).status).toBe(
      404,
    );
    expect((await standard.put(`/api/users/${memberId}/update_projects/`, { projects: [] })).status).toBe(
      404,
    );
  });

  it("refuses another customer's project and bad ids, changing nothing", async () => {
    const refused = await manager.put(`/api/users/${memberId}/update_projects/`, {
      projects: [cable, theirs],
    });
    expect(refused.body).toEqual({ fieldErrors: { projects: [messages.notFound] } });
    expect((await manager.put(`/api/users/${memberId}/update_projects/`, { projects: ['x'] })).status).toBe(
      400,
    );
    expect((await member.get<ProjectListItem[]>('/api/projects/')).body.map((p) => p.id)).toEqual([cable]);
  });
});

describe('invitations with project access', () => {
  it('gives the invitee the chosen projects from the start; they are pending until activation', async () => {
    const invited = await manager.post<{ id: number }>('/api/users/', {
      email: 'rigger@demo.example.com',
      isStaff: false,
      projects: [jacket],
    });
    expect(invited.status).toBe(201);
    await server.waitForMail('rigger@demo.example.com');
    const now = (await team(manager)).body;
    expect(now.projects.find((p) => p.id === jacket)?.collaborators).toContain(invited.body.id);
    expect(now.collaborators.find((user) => user.id === invited.body.id)).toMatchObject({
      role: 'pending',
      isStaff: false,
      email: 'rigger@demo.example.com',
    });
    // A pending invitee's list is a manager's to change, like anybody's.
    const moved = await manager.put<UserProjects>(`/api/users/${invited.body.id}/update_projects/`, {
      projects: [cable],
    });
    expect(moved.body).toEqual({ projects: [cable] });
  });

  it('keeps the manager flag of a pending invitee', async () => {
    const invited = await manager.post<{ id: number }>('/api/users/', {
      email: 'chief@demo.example.com',
      isStaff: true,
    });
    const people = (await manager.get<Collaborator[]>('/api/users/')).body;
    expect(people.find((user) => user.id === invited.body.id)).toMatchObject({
      role: 'pending',
      isStaff: true,
    });
  });

  it("refuses another customer's project and creates nobody", async () => {
    const refused = await manager.post('/api/users/', {
      email: 'nobody@demo.example.com',
      projects: [theirs],
    });
    expect(refused.body).toEqual({ fieldErrors: { projects: [messages.notFound] } });
    const people = (await manager.get<Collaborator[]>('/api/users/')).body;
    expect(people.some((user) => user.email === 'nobody@demo.example.com')).toBe(false);
  });

  it('refuses a project whose offer ended (its access can no longer change)', async () => {
    const [ended] = (await team(renewed)).body.projects.filter((p) => p.expired);
    if (!ended) throw new Error('the renewed customer has no project under an ended offer');
    expect(
      (await renewed.post('/api/users/', { email: 'late@renewed.example.com', projects: [ended.id] })).body,
    ).toEqual({ nonFieldErrors: [projectMessages.offerExpired('On Demand')] });
  });
});
